import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { login, register } from './users.service.js';
import { sendResetLink } from './password-reset.service.js';
import type { SessionPort } from '../auth/session-port.js';

/** A session port without HTTP: it records what the services ask of it. */
function recordingPort(t: { app: { log: SessionPort['log'] } }, ip = '192.0.2.7') {
  const calls: string[] = [];
  const values = new Map<string, unknown>();
  const port: SessionPort = {
    ip,
    log: t.app.log,
    open: async (userId) => void calls.push(`open ${userId}`),
    end: async () => void calls.push('end'),
    get: async (key) => values.get(key),
    set: async (key, value) => void values.set(key, value),
  };
  return { port, calls };
}

describeEachDatabase('identity services without HTTP (a session port of their own)', (t) => {
  it('registers and signs in through the port; failures count against its address', async () => {
    const { port, calls } = recordingPort(t);
    const user = { name: 'John', email: 'john@example.com', password: 'password123' };
    const created = await register(t.app.deps, port, user);
    expect(created.message).toBe('account created');
    const signedIn = await login(t.app.deps, port, { email: user.email, password: user.password });
    expect(signedIn.message).toBe('authenticated');
    expect(calls).toEqual([`open ${created.id}`, `open ${created.id}`]);

    await expect(login(t.app.deps, port, { email: user.email, password: 'wrong' })).rejects.toThrow();
    const throttles = await t.db.selectFrom('login_throttles').select('key').execute();
    expect(throttles.map((row) => row.key)).toContain('password:john@example.com|192.0.2.7');
    expect(calls).toHaveLength(2);
  });

  it('mails a reset link with a plain logger', async () => {
    const { port } = recordingPort(t);
    await register(t.app.deps, port, { name: 'John', email: 'john@example.com', password: 'password123' });
    await sendResetLink(t.app.deps, 'john@example.com', t.app.log, 'en');
    expect(t.mailbox.messages.at(-1)?.to).toBe('john@example.com');
  });
});
