// The token at rest: sealed with AES-GCM (WebCrypto) in `storage.local`, its key kept in
// `storage.session`, which lives in memory only and is cleared when the browser closes. After a
// restart the sealed token cannot be opened: the extension asks to pair again (a kept offline copy
// still gives codes once unlocked with its passphrase). That trade-off keeps a copy of the
// profile's files from holding a usable token.

export interface StorageArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Where a token is kept: its sealed form in `storage.local`, its key in `storage.session`. */
export interface TokenSlot {
  readonly key: string;
  readonly sealed: string;
}

/** The code-filling token's slot (the offline copy's `read` token has its own). */
const PAIRED: TokenSlot = { key: 'sealKey', sealed: 'sealedToken' };

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function sessionKey(session: StorageArea, create: boolean, slot: TokenSlot): Promise<CryptoKey | null> {
  const stored = (await session.get(slot.key))[slot.key];
  if (typeof stored === 'string') {
    return crypto.subtle.importKey('raw', fromBase64(stored), 'AES-GCM', false, ['encrypt', 'decrypt']);
  }
  if (!create) return null;
  const raw = crypto.getRandomValues(new Uint8Array(32));
  await session.set({ [slot.key]: toBase64(raw) });
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealToken(
  local: StorageArea,
  session: StorageArea,
  token: string,
  slot: TokenSlot = PAIRED,
): Promise<void> {
  const key = (await sessionKey(session, true, slot))!;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(token)),
  );
  await local.set({ [slot.sealed]: { iv: toBase64(iv), data: toBase64(data) } });
}

/** The token; `locked` when one is sealed but its key is gone (browser restarted). */
export async function openToken(
  local: StorageArea,
  session: StorageArea,
  slot: TokenSlot = PAIRED,
): Promise<{ token: string } | 'locked' | 'none'> {
  const sealed = (await local.get(slot.sealed))[slot.sealed] as { iv: string; data: string } | undefined;
  if (!sealed) return 'none';
  const key = await sessionKey(session, false, slot);
  if (!key) return 'locked';
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
      key,
      fromBase64(sealed.data),
    );
    return { token: new TextDecoder().decode(plain) };
  } catch {
    return 'locked';
  }
}

export async function forgetToken(
  local: StorageArea,
  session: StorageArea,
  slot: TokenSlot = PAIRED,
): Promise<void> {
  await local.remove(slot.sealed);
  await session.remove(slot.key);
}
