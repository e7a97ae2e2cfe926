import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v2 as webdav } from 'webdav-server';

export interface WebdavTestServer {
  /** The folder URL a destination is given. */
  readonly url: string;
  /** The folder on disk that the server serves. */
  readonly dir: string;
  readonly username: string;
  readonly password: string;
  /** Resets the connections of the next PUT once it has started (a server that dies mid-upload). */
  breakNextPut(): void;
  stop(): Promise<void>;
}

/** A WebDAV server (npm `webdav-server`) on loopback, Basic authentication, serving a temp folder. */
export async function startWebdavServer(): Promise<WebdavTestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'twofold-webdav-'));
  const users = new webdav.SimpleUserManager();
  const user = users.addUser('backup', 'webdav-secret', false);
  const privileges = new webdav.SimplePathPrivilegeManager();
  privileges.setRights(user, '/', ['all']);
  const server = new webdav.WebDAVServer({
    hostname: '127.0.0.1',
    port: 0,
    requireAuthentification: true,
    httpAuthentication: new webdav.HTTPBasicAuthentication(users, 'twofold-test'),
    privilegeManager: privileges,
    rootFileSystem: new webdav.PhysicalFileSystem(dir),
  });
  let breakPut = false;
  server.beforeRequest((context, next) => {
    if (breakPut && context.request.method === 'PUT') {
      breakPut = false;
      // Take part of the body, then drop the connection as a stopped server does.
      context.request.once('data', () => context.request.socket.destroy());
      return;
    }
    next();
  });
  const http: Server = await server.startAsync(0);
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    dir,
    username: 'backup',
    password: 'webdav-secret',
    breakNextPut: () => (breakPut = true),
    stop: async () => {
      http.closeAllConnections();
      await server.stopAsync();
    },
  };
}
