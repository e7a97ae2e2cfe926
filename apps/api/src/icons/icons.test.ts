import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';
import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { purgePendingIcons } from './icons.service.js';
import { storedIcons } from '../test/stored-icons.js';

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAC0lEQVQImWP4DwQACfsD/eNV8pwAAAAASUVORK5CYII=',
  'base64',
);
const SVG_XSS =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert("XSS");</script><a href="javascript:alert(2)"><rect width="10" height="10"/></a><foreignObject><div>x</div></foreignObject></svg>';
const NAME = /^[A-Za-z0-9]{40}\.(png|svg|jpg|gif|bmp|webp)$/;
/** A distinct small image per n. */
const svgIcon = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}"><rect width="${n}" height="${n}"/></svg>`;

describeEachDatabase('icons', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const upload = async (field: string, value: Buffer | string, filename = 'x.png') => {
    const form = multipart([{ name: field, value, filename, contentType: 'application/octet-stream' }]);
    return call('POST', '/api/v1/icons', form.payload, form.headers);
  };
  const iconStored = async (name: string) => (await storedIcons(t)).includes(name);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('uploads an image judged by its content and serves it with safe headers', async () => {
    const response = await upload('icon', PNG_1x1, 'innocent.txt');
    expect(response.statusCode).toBe(201);
    const { filename } = response.json<{ filename: string }>();
    expect(filename).toMatch(/\.png$/);
    expect(filename).toMatch(NAME);
    const served = await t.app.inject({ method: 'GET', url: `/storage/icons/${filename}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG_1x1)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/storage/icons/nope.png' })).json()).toEqual({
      message: 'not found',
    });
    expect((await t.app.inject({ method: 'GET', url: '/storage/icons/..%2Fapp.key' })).statusCode).toBe(404);
  });

  it('serves /storage/noicon.svg as an SVG image, anonymously, as 2FAuth does', async () => {
    const served = await t.app.inject({ method: 'GET', url: '/storage/noicon.svg' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(served.body).not.toMatch(/<script|on\w+=/i);
  });

  it('declares in the spec the image types it serves, never JSON', async () => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, { get: { responses: Record<string, { content?: object }> } }>;
    };
    const declared = (route: string) =>
      Object.keys(document.paths[route]!.get.responses['200']!.content ?? {});
    expect(declared('/storage/noicon.svg')).toEqual(['image/svg+xml']);
    expect(declared('/storage/icons/{filename}').sort()).toEqual(
      ['image/bmp', 'image/gif', 'image/jpeg', 'image/png', 'image/svg+xml', 'image/webp'].sort(),
    );
    for (const [value, type] of [
      [PNG_1x1, 'image/png'],
      [svgIcon(3), 'image/svg+xml'],
    ] as const) {
      const { filename } = (await upload('icon', value)).json<{ filename: string }>();
      const served = await t.app.inject({ method: 'GET', url: `/storage/icons/${filename}` });
      expect(served.headers['content-type']).toBe(type);
      expect(declared('/storage/icons/{filename}')).toContain(type);
    }
  });

  it('sanitises SVG uploads and serves them under a CSP', async () => {
    const response = await upload('icon', SVG_XSS, 'x.png');
    const { filename } = response.json<{ filename: string }>();
    expect(filename).toMatch(/\.svg$/);
    const served = await t.app.inject({ method: 'GET', url: `/storage/icons/${filename}` });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.body).not.toMatch(/script|onload|javascript:|foreignObject/i);
    expect(served.body).toContain('<rect');
  });

  it('refuses missing, non-image and oversized uploads with 422', async () => {
    const err = (message: string) => ({ message, errors: { icon: [message] } });
    expect((await call('POST', '/api/v1/icons', {})).json()).toEqual(err('The icon field is required.'));
    expect((await upload('icon', 'just text')).json()).toEqual(
      err('Supported format are jpeg, png, bmp, gif, svg, or webp.'),
    );
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload('icon', big)).json()).toEqual(
      err('The icon field must not be greater than 5120 kilobytes.'),
    );
    const textField = multipart([{ name: 'icon', value: 'not a file' }]);
    expect((await call('POST', '/api/v1/icons', textField.payload, textField.headers)).json()).toEqual(
      err('The icon field must be an image.'),
    );
  });

  it('fetches official logos from the bundled set (201) or answers 204', async () => {
    const found = await call('POST', '/api/v1/icons/default', { service: '<b>GitHub</b>' });
    expect(found.statusCode).toBe(201);
    const { filename } = found.json<{ filename: string }>();
    const svg = (await t.app.inject({ method: 'GET', url: `/storage/icons/${filename}` })).body;
    expect(svg).toMatch(/^<svg[^>]*fill="#181717"/);
    expect((await call('POST', '/api/v1/icons/default', { service: 'Air Canada' })).statusCode).toBe(201);
    const none = await call('POST', '/api/v1/icons/default', { service: 'No Such Brand Anywhere' });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const err = (field: string, message: string) => ({ message, errors: { [field]: [message] } });
    expect((await call('POST', '/api/v1/icons/default', {})).json()).toEqual(
      err('service', 'The service field is required.'),
    );
    expect((await call('POST', '/api/v1/icons/default', { service: 1 })).json()).toEqual(
      err('service', 'The service field must be a string.'),
    );
    expect(
      (await call('POST', '/api/v1/icons/default', { service: 'x', iconCollection: 'nope' })).json(),
    ).toEqual(err('iconCollection', 'The selected icon collection is invalid.'));
    expect(
      (
        await call('POST', '/api/v1/icons/default', { service: 'x', iconCollection: 'tfa', variant: 'dark' })
      ).json(),
    ).toEqual(err('variant', 'The selected variant is invalid.'));
    expect((await call('POST', '/api/v1/icons/default', { service: 'x', iconPack: 'mine' })).json()).toEqual(
      err('iconPack', 'The icon pack cannot be found on the server.'),
    );
  });

  it('gives new accounts an official logo when getOfficialIcons is on; never fetches image links', async () => {
    const created = await call('POST', '/api/v1/twofaccounts', {
      service: 'GitHub',
      account: 'me',
      otp_type: 'totp',
    });
    expect(created.json<{ icon: string }>().icon).toMatch(/\.svg$/);
    const uri =
      'otpauth://totp/Unknownbrandxyz:me?secret=A4GRFHVVRBGY7UIW&image=http%3A%2F%2F127.0.0.1%3A1%2Fx.png';
    expect((await call('POST', '/api/v1/twofaccounts', { uri })).json()).toMatchObject({ icon: null });
    const preview = await call('POST', '/api/v1/twofaccounts/preview', {
      uri: 'otpauth://totp/GitLab:me?secret=A4GRFHVVRBGY7UIW',
    });
    expect(preview.json<{ icon: string }>().icon).toMatch(NAME);
  });

  it('image links, when the operator allows them, are still never fetched from private addresses', async () => {
    await t.rebuild({ BLOCK_OPTAUTH_IMAGELINK_FETCHING: 'false' });
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    const server = createServer((_request, response) => response.end(PNG_1x1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    let hits = 0;
    server.on('request', () => (hits += 1));
    try {
      const { port } = server.address() as AddressInfo;
      for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
        const image = encodeURIComponent(`http://${host}:${port}/logo.png`);
        const uri = `otpauth://totp/Me?secret=A4GRFHVVRBGY7UIW&image=${image}`;
        const created = await call('POST', '/api/v1/twofaccounts', { uri });
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({ icon: null });
      }
      expect(hits).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('deletes icons: replaced or removed on update, deleted with the account, DELETE route clears accounts', async () => {
    const first = (await upload('icon', svgIcon(1))).json<{ filename: string }>().filename;
    const second = (await upload('icon', svgIcon(2))).json<{ filename: string }>().filename;
    const created = await call('POST', '/api/v1/twofaccounts', {
      account: 'a',
      otp_type: 'totp',
      icon: first,
    });
    expect(created.json()).toMatchObject({ icon: first });
    const body = {
      service: null,
      account: 'a',
      icon: second,
      otp_type: 'totp',
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 6,
      algorithm: 'sha1',
    };
    expect((await call('PUT', '/api/v1/twofaccounts/1', body)).json()).toMatchObject({ icon: second });
    expect(await iconStored(first)).toBe(false);
    expect((await call('PUT', '/api/v1/twofaccounts/1', { ...body, icon: null })).json()).toMatchObject({
      icon: null,
    });
    expect(await iconStored(second)).toBe(false);
    const third = (await upload('icon', svgIcon(3))).json<{ filename: string }>().filename;
    await call('POST', '/api/v1/twofaccounts', { account: 'b', otp_type: 'totp', icon: third });
    await call('POST', '/api/v1/twofaccounts', { account: 'c', otp_type: 'totp', icon: third });
    expect((await call('DELETE', '/api/v1/twofaccounts/2')).statusCode).toBe(204);
    expect(await iconStored(third)).toBe(true);
    expect((await call('DELETE', `/api/v1/icons/${third}`)).statusCode).toBe(204);
    expect(await iconStored(third)).toBe(false);
    expect((await call('GET', '/api/v1/twofaccounts/3')).json()).toMatchObject({ icon: null });
    for (const name of ['null', 'unknown.png', '..%2Fapp.key', '.hidden']) {
      expect((await call('DELETE', `/api/v1/icons/${name}`)).statusCode).toBe(204);
    }
  });

  it('purges icons never saved to an account after an hour', async () => {
    const orphan = (await upload('icon', svgIcon(1))).json<{ filename: string }>().filename;
    const kept = (await upload('icon', svgIcon(2))).json<{ filename: string }>().filename;
    await call('POST', '/api/v1/twofaccounts', { account: 'a', otp_type: 'totp', icon: kept });
    t.clock.advance(59 * 60);
    expect(await purgePendingIcons(t.app.deps)).toBe(0);
    t.clock.advance(2 * 60);
    expect(await purgePendingIcons(t.app.deps)).toBe(1);
    expect(await iconStored(orphan)).toBe(false);
    expect(await iconStored(kept)).toBe(true);
  });
});

describeEachDatabase('QR code decoding', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const decode = async (value: Buffer | string, name = 'qrcode') => {
    const form = multipart([
      { name, value, filename: 'qr.bin', contentType: 'image/png' },
      { name: 'inputFormat', value: 'fileUpload' },
    ]);
    return call('POST', '/api/v1/qrcode/decode', form.payload, form.headers);
  };
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('returns the text exactly, never URL-decoded (PNG, JPEG, light on dark, SVG)', async () => {
    const sharp = (await import('sharp')).default;
    const migration =
      'otpauth-migration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY2UgASgBMAIKLAoKBw0SnrWITY/RFhILYWNjb3VudF9iaXMaC3NlcnZpY2VfYmlzIAEoATACEAEYASAA+x%2B';
    const png = await QRCode.toBuffer(migration, { type: 'png', margin: 4, scale: 6 });
    expect((await decode(png)).json()).toEqual({ data: migration });
    const text = 'otpauth://totp/test@test.com?secret=A4GRFHVIRBGY7UIW';
    const big = await QRCode.toBuffer(text, { type: 'png', margin: 4, scale: 40 });
    const jpeg = await sharp(big).resize(700).jpeg({ quality: 70 }).toBuffer();
    expect((await decode(jpeg)).json()).toEqual({ data: text });
    const inverted = await sharp(png).negate({ alpha: false }).png().toBuffer();
    expect((await decode(inverted)).json()).toEqual({ data: migration });
    const svg = await QRCode.toString(text, { type: 'svg', margin: 4 });
    expect((await decode(svg)).json()).toEqual({ data: text });
  });

  it('refuses non-images (422) and images without a code (400)', async () => {
    const err = (message: string) => ({ message, errors: { qrcode: [message] } });
    expect((await call('POST', '/api/v1/qrcode/decode', {})).json()).toEqual(
      err('The qrcode field is required.'),
    );
    expect((await decode('hello')).json()).toEqual(
      err('Supported format are jpeg, png, bmp, gif, svg, or webp.'),
    );
    const broken = Buffer.concat([PNG_1x1.subarray(0, 20), Buffer.from('garbage')]);
    expect((await decode(broken)).json()).toEqual(err('The qrcode field must be an image.'));
    const blank = await decode(PNG_1x1);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Cannot detect a QR code in the image, try to crop the image' });
    // Byte-mode data that is not UTF-8 is read as ISO-8859-1, the QR default, never dropped.
    const latin1 = await QRCode.toBuffer([{ data: new Uint8Array([0xff, 0xfe, 0xc3]), mode: 'byte' }]);
    expect((await decode(latin1)).json()).toEqual({ data: '\u00ff\u00fe\u00c3' });
    // A code holding nothing.
    const empty = await QRCode.toBuffer([{ data: new Uint8Array([]), mode: 'byte' }]);
    const unreadable = await decode(empty);
    expect({ status: unreadable.statusCode, body: unreadable.json() }).toEqual({
      status: 400,
      body: { message: 'No readable QR code' },
    });
    const huge = Buffer.concat([PNG_1x1, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await decode(huge)).json()).toEqual(
      err('The qrcode field must not be greater than 10240 kilobytes.'),
    );
  });
});
