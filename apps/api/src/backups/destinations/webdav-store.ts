import type { DestinationSecrets, RemoteStore, WebdavSettings } from './remote-store.js';

/** A WebDAV folder (the URL) through the `webdav` client: PUT to `<name>.part`, then MOVE. */
export async function webdavStore(
  settings: WebdavSettings,
  secrets: DestinationSecrets,
): Promise<RemoteStore> {
  // The library itself is loaded here too: the server bundle would otherwise load it at start.
  const { createClient } = await import('webdav');
  const client = createClient(settings.url, {
    username: settings.username,
    password: secrets.password ?? '',
  });
  return {
    async names() {
      const listed = await client.getDirectoryContents('/');
      return listed.filter((item) => item.type === 'file').map((item) => item.basename);
    },
    async put(name, data) {
      const part = `/${name}.part`;
      await client.putFileContents(part, data, { overwrite: true, contentLength: data.length });
      await client.moveFile(part, `/${name}`, { overwrite: false });
    },
    async get(name) {
      const body = (await client.getFileContents(`/${name}`, { format: 'binary' })) as Buffer | ArrayBuffer;
      return Buffer.isBuffer(body) ? body : Buffer.from(body);
    },
    async remove(name) {
      await client.deleteFile(`/${name}`);
    },
    close: () => Promise.resolve(),
  };
}
