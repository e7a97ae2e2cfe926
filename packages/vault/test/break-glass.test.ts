import { describe, expect, it } from 'vitest';
import { BREAK_GLASS_CSP, breakGlassHtml } from '../src/break-glass/index.js';
import { createHash } from 'node:crypto';
import { SECRET_CODE, SECRET_NOTE, STRINGS, entry, vaultOf } from './break-glass-fixtures.js';

const CREATED = new Date('2026-11-28T10:15:00Z');

async function file(count: number) {
  return breakGlassHtml({
    vault: await vaultOf(count, 'correct horse'),
    createdAt: CREATED,
    lang: 'en',
    strings: STRINGS,
  });
}

const inline = (html: string, tag: 'script' | 'style') =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the break-glass file', () => {
  it('carries a CSP that forbids every request and allows its own script and style by hash', async () => {
    const html = await file(3);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(csp).toBe(BREAK_GLASS_CSP);
    const directives = new Map(
      csp!.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('connect-src')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('img-src')).toBe('data:');
    const [script] = inline(html, 'script');
    const [style] = inline(html, 'style');
    expect(directives.get('script-src')).toBe(hash(script!));
    expect(directives.get('style-src')).toBe(hash(style!));
    // One executable script only (the other is the data block), no external reference.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    const markup = html.replace(/<script\b[\s\S]*?<\/script>/g, '');
    expect(markup).not.toMatch(/\bsrc=|\bhref=/);
  });

  it('names no http(s) URL anywhere', async () => {
    expect(await file(3)).not.toMatch(/https?:/i);
  });

  it('holds no secret, note, recovery code or account name in clear', async () => {
    const html = await file(3);
    for (const clear of [SECRET_NOTE, SECRET_CODE, entry(1).info.secret, entry(1).name, 'Service 1'])
      expect(html).not.toContain(clear);
  });

  it('says when it was made and that it is read-only, before any password', async () => {
    const html = await file(1);
    expect(html).toContain(
      '<time datetime="2026-11-28T10:15:00.000Z">November 28, 2026 at 10:15 AM UTC</time>',
    );
    expect(html).toContain(STRINGS.read_only);
    expect(html).toContain('<html lang="en" dir="ltr">');
  });

  it('escapes its words and cannot be closed early by the data', async () => {
    const html = breakGlassHtml({
      vault: await vaultOf(1, 'x'),
      createdAt: CREATED,
      lang: 'en',
      strings: { ...STRINGS, title: '<b>"x"</b>', none: '</script><script>alert(1)</script>' },
    });
    expect(html).toContain('<title>&lt;b&gt;&quot;x&quot;&lt;/b&gt;</title>');
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('grows linearly and stays under 1 MB for 1,000 accounts without logos', async () => {
    const [ten, hundred, thousand] = await Promise.all([file(10), file(100), file(1000)]);
    const perAccount = (thousand.length - hundred.length) / 900;
    expect(Math.abs((hundred.length - ten.length) / 90 - perAccount)).toBeLessThan(perAccount * 0.05);
    expect(thousand.length).toBeLessThan(1024 * 1024);
    // The viewer itself: well under the budget that the accounts leave.
    expect(ten.length - 10 * perAccount).toBeLessThan(100 * 1024);
  });
});
