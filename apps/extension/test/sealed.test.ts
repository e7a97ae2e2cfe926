import { describe, expect, it } from 'vitest';
import { forgetToken, openToken, sealToken } from '../src/lib/sealed';
import { memory } from './memory-storage';

describe('the sealed token', () => {
  it('is stored encrypted and opens with the session key', async () => {
    const local = memory();
    const session = memory();
    await sealToken(local, session, 'tok-secret-value');
    expect(JSON.stringify(local.items)).not.toContain('tok-secret-value');
    expect(await openToken(local, session)).toEqual({ token: 'tok-secret-value' });
  });

  it('is locked once the session key is gone (a browser restart)', async () => {
    const local = memory();
    await sealToken(local, memory(), 'tok');
    expect(await openToken(local, memory())).toBe('locked');
  });

  it('is gone once forgotten', async () => {
    const local = memory();
    const session = memory();
    await sealToken(local, session, 'tok');
    await forgetToken(local, session);
    expect(await openToken(local, session)).toBe('none');
  });
});
