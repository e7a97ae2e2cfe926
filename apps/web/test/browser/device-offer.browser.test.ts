import { describe, expect, it } from 'vitest';
import { registerSignedOut, signInWithPassword, signOutThroughFooter } from './identity';
import { perTestSessions } from './per-test';

describe('device sign-in is offered only when there may be a device', () => {
  const session = perTestSessions();
  const offer = () => session.page.getByRole('button', { name: 'Sign in with a security device' });

  it('a new browser offers it; once the browser knows there is none, it is not offered', async () => {
    const { page, server } = session;
    await registerSignedOut(page, server.url);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email', { exact: true }).waitFor();
    // Nobody signed in can ask the server, and this browser has not seen the user yet.
    expect(await offer().count()).toBe(1);

    await signInWithPassword(page, server.url);
    await signOutThroughFooter(page);
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(await offer().count()).toBe(0);
    // The password form is whole, and still signs in.
    await signInWithPassword(page, server.url);
  });
});
