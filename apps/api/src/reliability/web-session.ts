/** A browser-like fetch client of the web routes: keeps cookies and echoes the CSRF cookie. */
export class WebSession {
  private readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  /** A session signed in with a password, as the web app signs in: the sensitive settings need one. */
  static async signIn(base: string, credentials: { email: string; password: string }): Promise<WebSession> {
    const session = new WebSession(base);
    const response = await session.request('POST', '/user/login', credentials);
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return session;
  }

  private absorb(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = decodeURIComponent(pair.slice(at + 1).trim());
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, route: string, body?: unknown): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/refresh-csrf');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies]
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; ');
    }
    const csrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && csrf) headers['x-xsrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${route}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    this.absorb(response);
    return response;
  }
}
