import { describe, expect, it } from 'vitest';
import { matchesSite, normaliseWebsite, suggestWebsites } from './websites.js';
import issuers from './websites-of-issuers.json' with { type: 'json' };

describe('normaliseWebsite', () => {
  it.each([
    ['github.com', 'github.com'],
    ['GitHub.COM', 'github.com'],
    ['  github.com  ', 'github.com'],
    ['www.github.com', 'github.com'],
    ['https://gist.github.com/login?next=/', 'github.com'],
    ['github.com.', 'github.com'],
    ['www.example.co.uk', 'example.co.uk'],
    ['accounts.google.com.au', 'google.com.au'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['Bücher.example', 'xn--bcher-kva.example'],
    ['alice.github.io', 'alice.github.io'],
    ['www.alice.github.io', 'alice.github.io'],
    ['192.168.1.2', '192.168.1.2'],
    ['http://192.168.1.2:8080/admin', '192.168.1.2'],
    ['[::1]', '[::1]'],
    ['localhost', 'localhost'],
    ['http://localhost:8000', 'localhost'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseWebsite(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'com',
    'co.uk',
    'github',
    'github.io',
    'mailto:me@github.com',
    'ftp://github.com',
    'git hub.com',
    'https://',
    'a'.repeat(260) + '.com',
  ])('refuses %j', (input) => {
    expect(normaliseWebsite(input)).toBeNull();
  });
});

describe('matchesSite', () => {
  it('matches the registrable domain and its subdomains', () => {
    expect(matchesSite(['github.com'], 'https://github.com/login')).toBe(true);
    expect(matchesSite(['github.com'], 'https://gist.github.com/sessions/two-factor')).toBe(true);
    expect(matchesSite(['google.com', 'github.com'], 'https://a.b.github.com:8443/')).toBe(true);
    expect(matchesSite(['example.co.uk'], 'https://login.example.co.uk/')).toBe(true);
    expect(matchesSite(['xn--mnchen-3ya.de'], 'https://www.münchen.de/')).toBe(true);
  });

  it('offers nothing to look-alikes', () => {
    expect(matchesSite(['github.com'], 'https://github.com.evil.io/login')).toBe(false);
    expect(matchesSite(['github.com'], 'https://githab.com/login')).toBe(false);
    expect(matchesSite(['github.com'], 'https://github.co/login')).toBe(false);
    expect(matchesSite(['github.com'], 'https://evilgithub.com/')).toBe(false);
    expect(matchesSite(['github.com'], 'https://github-com.evil.io/')).toBe(false);
    // Cyrillic "і" in place of the Latin i: another domain (xn--gthub-n4e.com) altogether.
    expect(matchesSite(['github.com'], 'https://gіthub.com/')).toBe(false);
    expect(matchesSite(['github.com'], 'https://xn--gthub-n4e.com/')).toBe(false);
    expect(matchesSite(['example.co.uk'], 'https://evil.co.uk/')).toBe(false);
  });

  it('keeps two sites under one private suffix apart', () => {
    expect(matchesSite(['alice.github.io'], 'https://bob.github.io/')).toBe(false);
    expect(matchesSite(['alice.github.io'], 'https://alice.github.io/app')).toBe(true);
  });

  it('matches IP addresses and localhost only exactly', () => {
    expect(matchesSite(['192.168.1.2'], 'http://192.168.1.2:8080/')).toBe(true);
    expect(matchesSite(['192.168.1.2'], 'http://192.168.1.3/')).toBe(false);
    expect(matchesSite(['localhost'], 'http://localhost:3000/')).toBe(true);
    expect(matchesSite(['localhost'], 'http://evil.localhost/')).toBe(false);
    expect(matchesSite(['2.168.1.2'], 'http://192.168.1.2/')).toBe(false);
  });

  it('matches nothing for pages that are not web pages', () => {
    expect(matchesSite(['github.com'], 'about:blank')).toBe(false);
    expect(matchesSite(['github.com'], 'file:///home/github.com')).toBe(false);
    expect(matchesSite(['github.com'], 'not a url')).toBe(false);
    expect(matchesSite([], 'https://github.com/')).toBe(false);
  });
});

describe('suggestWebsites', () => {
  it('knows well-known issuers, whatever their spelling', () => {
    expect(suggestWebsites('GitHub')).toEqual({ domains: ['github.com'], known: true });
    expect(suggestWebsites('Microsoft')).toEqual({ domains: ['microsoft.com', 'live.com'], known: true });
    expect(suggestWebsites('Amazon Web Services')).toEqual({ domains: ['aws.amazon.com'], known: true });
  });

  it('guesses <issuer>.com for the others, marked as a guess', () => {
    expect(suggestWebsites('Acme Corp')).toEqual({ domains: ['acmecorp.com'], known: false });
    expect(suggestWebsites('')).toEqual({ domains: [], known: false });
  });

  it('lists only domains that are websites as the matcher understands them', () => {
    const all = Object.values(issuers as Record<string, string[]>).flat();
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((domain) => normaliseWebsite(domain) === null)).toEqual([]);
  });
});
