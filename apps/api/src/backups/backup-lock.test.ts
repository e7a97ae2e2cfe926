import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { whileHoldingBackupLock } from './backup-lock.js';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';

describeEachDatabase('scheduled backups across replicas', (t) => {
  it('on PostgreSQL only one process sharing the database runs a scheduled backup at a time', async () => {
    const deps = {
      db: t.db,
      config: { ...t.config, DATABASE_URL: t.driver === 'postgres' ? 'shared' : undefined },
    };
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = whileHoldingBackupLock(deps, async () => {
      order.push('first');
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (t.driver === 'postgres') {
      expect(await whileHoldingBackupLock(deps, async () => void order.push('second'))).toBe(false);
    }
    release();
    expect(await first).toBe(true);
    expect(await whileHoldingBackupLock(deps, async () => void order.push('third'))).toBe(true);
    expect(order).toEqual(['first', 'third']);
  });
});

describeEachDatabase('backup settings', (t) => {
  it('optional fields sent as null change nothing (never a 500)', async () => {
    const token = await createUserWithToken(t.db);
    const call = bearerCaller(t, () => token);
    const answer = await call('PUT', '/api/v1/backups/settings', { frequency: null, keep: null });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ frequency: 'off' });
    const kept = await call('PUT', '/api/v1/backups/settings', { frequency: null, keep: 4 });
    expect(kept.json()).toMatchObject({ frequency: 'off', keep: 4 });
  });
});
