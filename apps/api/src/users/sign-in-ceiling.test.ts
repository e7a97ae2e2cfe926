import type { LightMyRequestResponse } from 'fastify';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { SessionClient, john, registerWithSession } from '../test/auth-helpers.js';

/*
 * The ceiling per account: behind a trusted proxy that forwards many client addresses, the lockout
 * per e-mail and address never trips, so failures for one e-mail are also counted across every
 * address (LOGIN_THROTTLE_ACCOUNT, 20 in 10 minutes by default).
 */

// Each attempt hashes a password: dozens of them per test on a busy 2-core machine need room.
vi.setConfig({ testTimeout: 120_000 });

let nextAddress = 0;
/** A sign-in attempt from a client address never used before, forwarded by the trusted proxy. */
async function attempt(
  t: Parameters<Parameters<typeof describeEachDatabase>[1]>[0],
  password: string,
  email = john.email,
): Promise<LightMyRequestResponse> {
  nextAddress += 1;
  const address = `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  return new SessionClient(t).request(
    'POST',
    '/user/login',
    { email, password },
    { 'x-forwarded-for': address },
  );
}

const locked = (seconds: number) => ({
  status: 429,
  body: { message: `Too many login attempts. Please try again in ${seconds} seconds.` },
  retryAfter: String(seconds),
});
const answer = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json(),
  ...(response.statusCode === 429 ? { retryAfter: response.headers['retry-after'] } : {}),
});

describeEachDatabase(
  'sign-in ceiling per account, across client addresses',
  (t) => {
    async function fail(times: number, email = john.email) {
      for (let i = 0; i < times; i += 1) {
        expect((await attempt(t, 'wrong password', email)).statusCode).toBe(401);
        t.clock.advance(5);
      }
    }

    it('after 20 failures from 20 addresses, the right password waits too; after the delay it works', async () => {
      await registerWithSession(t);
      await fail(20);
      // The 20th failure was 5 s ago: 55 s of the first 60 s delay are left.
      expect(answer(await attempt(t, john.password))).toEqual(locked(55));
      t.clock.advance(30);
      expect(answer(await attempt(t, 'another guess'))).toEqual(locked(25));
      t.clock.advance(25);
      expect((await attempt(t, john.password)).statusCode).toBe(200);
    });

    it('doubles the delay with each further failure, up to 15 minutes', async () => {
      await registerWithSession(t);
      await fail(19);
      for (const seconds of [60, 120, 240, 480, 900, 900]) {
        expect((await attempt(t, 'wrong password')).statusCode).toBe(401);
        expect(answer(await attempt(t, john.password))).toEqual(locked(seconds));
        t.clock.advance(seconds);
      }
      expect((await attempt(t, john.password)).statusCode).toBe(200);
    });

    it('a success resets the count; so do 10 quiet minutes below the ceiling or after the delay', async () => {
      await t.rebuild({ LOGIN_THROTTLE_ACCOUNT: '4' });
      await registerWithSession(t);
      await fail(4);
      t.clock.advance(60);
      expect((await attempt(t, john.password)).statusCode).toBe(200);
      await fail(3);
      expect((await attempt(t, john.password)).statusCode).toBe(200);
      // Below the ceiling, the window of 10 minutes starts at its first failure.
      await fail(3);
      t.clock.advance(10 * 60 - 15);
      await fail(3);
      expect((await attempt(t, john.password)).statusCode).toBe(200);
      // At the ceiling, the count holds until 10 minutes after the delay, then starts again.
      await fail(4);
      t.clock.advance(55 + 10 * 60 - 1);
      await fail(1);
      expect(answer(await attempt(t, john.password))).toEqual(locked(115));
      t.clock.advance(115 + 10 * 60);
      await fail(3);
      expect((await attempt(t, john.password)).statusCode).toBe(200);
    });

    it('answers an unknown e-mail exactly as the registered one', async () => {
      await registerWithSession(t);
      await fail(20, 'nobody@example.com');
      expect(answer(await attempt(t, john.password, 'nobody@example.com'))).toEqual(locked(55));
      // Each e-mail has its own ceiling.
      expect((await attempt(t, john.password)).statusCode).toBe(200);
    });

    it('honours LOGIN_THROTTLE_ACCOUNT; 0 turns the ceiling off', async () => {
      await t.rebuild({ LOGIN_THROTTLE_ACCOUNT: '3' });
      await registerWithSession(t);
      await fail(3);
      expect((await attempt(t, john.password)).statusCode).toBe(429);
      await t.rebuild({ LOGIN_THROTTLE_ACCOUNT: '0' });
      await fail(25);
      expect((await attempt(t, john.password)).statusCode).toBe(200);
    });
  },
  { env: { TRUSTED_PROXIES: '127.0.0.1' } },
);
