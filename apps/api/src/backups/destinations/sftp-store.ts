import { DestinationError, fingerprintOf, type RemoteStore, type RemoteTarget } from './remote-store.js';

type SftpTarget = Extract<RemoteTarget, { kind: 'sftp' }>;

/**
 * A folder over SFTP (ssh2-sftp-client on ssh2). The host key must match the confirmed
 * fingerprint; a put goes to `<name>.part` and is renamed when complete.
 */
export async function sftpStore(target: SftpTarget): Promise<RemoteStore> {
  const { settings, secrets } = target;
  // The library itself is loaded here too: the server bundle would otherwise load it at start.
  const { default: SftpClient } = await import('ssh2-sftp-client');
  const client = new SftpClient('twofold-backup');
  let mismatch = false;
  try {
    await client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      ...(secrets.private_key
        ? {
            privateKey: secrets.private_key,
            ...(secrets.passphrase ? { passphrase: secrets.passphrase } : {}),
          }
        : { password: secrets.password ?? '' }),
      readyTimeout: 15_000,
      hostVerifier: (key: Buffer) => {
        const seen = fingerprintOf(key);
        target.sawHostKey?.(seen);
        mismatch = target.hostKey !== null && seen !== target.hostKey;
        return !mismatch;
      },
    });
  } catch (error) {
    await client.end().catch(() => undefined);
    // A different key than the one confirmed (a reinstalled server is confirmed again).
    if (mismatch) throw new DestinationError('host_key_changed');
    // ssh2's refusal, rewrapped by ssh2-sftp-client with its message only.
    if (error instanceof Error && /authentication methods failed/i.test(error.message))
      throw new DestinationError('credentials_refused');
    throw error;
  }
  const folder = settings.path.replace(/\/+$/, '') || '.';
  const at = (name: string) => `${folder}/${name}`;
  return {
    async names() {
      return (await client.list(folder)).filter((item) => item.type === '-').map((item) => item.name);
    },
    async put(name, data) {
      const part = at(`${name}.part`);
      await client.put(data, part);
      await client.rename(part, at(name));
    },
    async get(name) {
      return (await client.get(at(name))) as Buffer;
    },
    async remove(name) {
      await client.delete(at(name));
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
