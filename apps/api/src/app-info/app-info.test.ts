import { expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

describeEachDatabase('app configuration and about data', (t) => {
  it('GET /app-config tells the web app what it needs first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: t.config.version,
      proxyAuth: false,
      proxyLogoutUrl: null,
      isDemoApp: false,
      isTestingApp: false,
      subdirectory: '',
      locales: [
        'en',
        'fr',
        'de',
        'es',
        'zh',
        'si',
        'it',
        'pt',
        'nl',
        'pl',
        'ru',
        'ja',
        'uk',
        'tr',
        'cs',
        'sv',
        'da',
        'ko',
        'ro',
        'hu',
        'id',
        'vi',
        'el',
        'bg',
        'ca',
        'sk',
        'ar',
        'fa',
      ],
      oidc: null,
      passwordSignIn: true,
    });
  });

  it('GET /infos gives anonymous callers the date, their user agent and the version only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/infos',
      headers: { 'user-agent': 'Probe/1.0' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Date: 'Tue, 14 Nov 2023 22:13:20 +0000',
      userAgent: 'Probe/1.0',
      Version: t.config.version,
    });
  });

  it('GET /infos adds the environment and every setting for the signed-in user, and nothing secret', async () => {
    const token = await createUserWithToken(t.db);
    const call = bearerCaller(t, () => token);
    await call('POST', '/api/v1/settings', { key: 'myColour', value: 'teal' });
    const response = await call('GET', '/infos', undefined, { 'user-agent': 'Probe/1.0' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      Date: 'Tue, 14 Nov 2023 22:13:20 +0000',
      userAgent: 'Probe/1.0',
      Version: t.config.version,
      Environment: t.config.APP_ENV,
      Debug: 'false',
      'DB driver': t.driver,
      'Node version': process.version,
      'Auth guard': 'web-guard',
      'webauthn user verification': 'preferred',
      'Trusted proxies': 'none',
    });
    expect(body).not.toHaveProperty('Auth proxy header for user');
    const options = body.options as Record<string, unknown>;
    expect(options).toMatchObject({
      lang: 'browser',
      kickUserAfter: 15,
      useEncryption: false,
      myColour: 'teal',
    });
    expect(Object.keys(options).indexOf('myColour')).toBe(Object.keys(options).length - 1);
    const text = response.body;
    expect(text).not.toContain(token);
    expect(text).not.toContain(t.dataDir);
    expect(text).not.toMatch(/APP_KEY|MAIL_PASSWORD/);
  });

  it('GET /infos names the proxy headers in proxy mode', async () => {
    await t.rebuild({ AUTHENTICATION_GUARD: 'reverse-proxy-guard', TRUSTED_PROXIES: '127.0.0.1' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/infos',
      headers: { 'remote-user': 'alice' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      'Auth guard': 'reverse-proxy-guard',
      'Auth proxy header for user': 'Remote-User',
      'Auth proxy header for email': '',
      'Trusted proxies': '127.0.0.1',
    });
  });
});
