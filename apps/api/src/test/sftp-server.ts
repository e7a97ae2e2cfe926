import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const SSHD = '/usr/sbin/sshd';

export interface SftpTestServer {
  readonly host: string;
  readonly port: number;
  readonly username: string;
  /** The folder the destination writes to (an absolute path on this machine). */
  readonly dir: string;
  /** A private key the server accepts (OpenSSH format). */
  readonly privateKey: string;
  /** A private key the server does not accept. */
  readonly otherKey: string;
  /** The host key's fingerprint as `ssh-keygen -l` prints it (SHA256:...). */
  hostKeyFingerprint(): string;
  /** Replaces the host key (a reinstalled server) and restarts on the same port. */
  changeHostKey(): Promise<void>;
  stop(): Promise<void>;
}

function keygen(file: string) {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file]);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once the server sends its SSH banner. */
async function banner(port: number, child: ChildProcess, log: () => string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sshd exited: ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('SSH-'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * An OpenSSH server (Debian `openssh-server`) started by the test as the current user on a free
 * loopback port, with its own config, host key and authorized key; SFTP by `internal-sftp`.
 */
export async function startSftpServer(): Promise<SftpTestServer> {
  if (!existsSync(SSHD))
    throw new Error(
      `${SSHD} is missing: install the Debian package openssh-server (apt-get install openssh-server)`,
    );
  const home = mkdtempSync(path.join(tmpdir(), 'twofold-sftp-'));
  const dir = path.join(home, 'backups');
  mkdirSync(dir);
  for (const name of ['host_key', 'client_key', 'other_key']) keygen(path.join(home, name));
  writeFileSync(path.join(home, 'authorized_keys'), readFileSync(path.join(home, 'client_key.pub')));
  // sshd run by root needs its privilege separation folder.
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const port = await freePort();
  const config = path.join(home, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${path.join(home, 'host_key')}`,
      `PidFile ${path.join(home, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(home, 'authorized_keys')}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      'UsePAM no',
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      '',
    ].join('\n'),
  );
  let child: ChildProcess;
  let output = '';
  const start = async () => {
    output = '';
    child = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    await banner(port, child, () => output);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    username: userInfo().username,
    dir,
    privateKey: readFileSync(path.join(home, 'client_key'), 'utf8'),
    otherKey: readFileSync(path.join(home, 'other_key'), 'utf8'),
    hostKeyFingerprint: () =>
      execFileSync('ssh-keygen', ['-l', '-f', path.join(home, 'host_key.pub')])
        .toString()
        .split(' ')[1]!,
    changeHostKey: async () => {
      await stop();
      for (const name of ['host_key', 'host_key.pub']) rmSync(path.join(home, name), { force: true });
      keygen(path.join(home, 'host_key'));
      await start();
    },
    stop,
  };
}
