// The background's hold on the server: the paired server's URL and token, the accounts (no
// secret) cached in memory, and the codes, every call through the SDK. A 401 means the token was
// revoked: the state says so, `onRevoked` erases what the extension keeps, and the popup offers to
// pair again.
import { createTwofold, TwofoldApiError, unwrap, type Twofold } from '@twofold/contract';
import type { PopupAccount, PopupCode, Status } from '../lib/messages.js';

/** How long unpairing waits for the server to revoke the token before it erases all the same. */
export const END_WAIT_MS = 3_000;

export class Server {
  constructor(private readonly onRevoked: () => Promise<void> = async () => undefined) {}

  private api: Twofold | null = null;
  private accounts: PopupAccount[] | null = null;
  status: Status = 'unpaired';
  serverUrl: string | null = null;

  connect(serverUrl: string, token: string): void {
    this.serverUrl = serverUrl;
    this.api = createTwofold({ baseUrl: serverUrl, token, timeout: 15_000 });
    this.accounts = null;
    this.status = 'ready';
  }

  /**
   * Revokes the token on the server (the user unpairs); the server unreachable or the token
   * already refused: nothing more to do here (Settings lists a token still valid). A server that
   * does not answer is waited for `END_WAIT_MS` at most, so that unpairing never hangs on it; the
   * request goes on meanwhile and still revokes if it arrives.
   */
  async end(): Promise<void> {
    // Erased locally all the same, whatever the answer; the README says to revoke in Settings then.
    const ending = this.api?.deviceAuthorization.end().catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([ending, new Promise((resolve) => (timer = setTimeout(resolve, END_WAIT_MS)))]);
    clearTimeout(timer);
  }

  disconnect(status: Status): void {
    this.api = null;
    this.accounts = null;
    this.status = status;
  }

  private async revoked(): Promise<void> {
    this.disconnect('revoked');
    await this.onRevoked();
  }

  private async call<T>(work: (api: Twofold) => Promise<T>): Promise<T> {
    if (!this.api) throw new Error(this.status);
    try {
      return await work(this.api);
    } catch (error) {
      if (error instanceof TwofoldApiError && error.status === 401) await this.revoked();
      throw error;
    }
  }

  async list(refresh = false): Promise<PopupAccount[]> {
    if (this.accounts && !refresh) return this.accounts;
    const rows = await this.call((api) => api.accounts.list({ withExtras: true }));
    const accounts = rows.map((row): PopupAccount => ({
      id: row.id,
      service: row.service ?? '',
      account: row.account,
      icon: row.icon,
      favourite: row.favorite === true,
      otpType: row.otp_type,
      websites: row.websites ?? [],
    }));
    accounts.sort((a, b) => Number(b.favourite) - Number(a.favourite));
    this.accounts = accounts;
    return accounts;
  }

  async code(id: number): Promise<PopupCode> {
    const otp = await this.call((api) => api.accounts.otp(id));
    return { password: otp.password, generatedAt: otp.generated_at ?? null, period: otp.period ?? null };
  }

  /** Remembers a website for an account (the server keeps it; the cache learns it now). */
  async remember(id: number, domain: string): Promise<void> {
    await this.call((api) =>
      unwrap(
        api.client.POST('/api/v1/twofaccounts/{id}/websites', { params: { path: { id } }, body: { domain } }),
      ),
    );
    this.accounts = (this.accounts ?? []).map((account) =>
      account.id === id && !account.websites.includes(domain)
        ? { ...account, websites: [...account.websites, domain] }
        : account,
    );
  }
}
