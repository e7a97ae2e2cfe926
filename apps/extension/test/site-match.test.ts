import { describe, expect, it } from 'vitest';
import { matchesSite, registrableDomain, websiteDomain } from '../src/site-match';

describe('registrableDomain', () => {
  it('reduces a host to its registrable domain under the public-suffix list', () => {
    expect(registrableDomain('https://github.com/login')).toBe('github.com');
    expect(registrableDomain('https://gist.github.com/')).toBe('github.com');
    expect(registrableDomain('https://login.example.co.uk/x')).toBe('example.co.uk');
    expect(registrableDomain('https://alice.github.io/')).toBe('alice.github.io');
  });

  it('has none for IP addresses, single-label hosts and other schemes', () => {
    expect(registrableDomain('http://127.0.0.1:8000/')).toBeNull();
    expect(registrableDomain('http://[::1]/')).toBeNull();
    expect(registrableDomain('http://localhost/')).toBeNull();
    expect(registrableDomain('file:///etc/passwd')).toBeNull();
    expect(registrableDomain('not a url')).toBeNull();
  });
});

describe('websiteDomain', () => {
  it('accepts a bare domain or a URL, any case', () => {
    expect(websiteDomain('GitHub.com')).toBe('github.com');
    expect(websiteDomain('https://www.github.com/settings')).toBe('github.com');
    expect(websiteDomain('  ')).toBeNull();
  });
});

describe('matchesSite', () => {
  const github = ['github.com'];

  it('matches the domain and its subdomains', () => {
    expect(matchesSite(github, 'https://github.com/sessions/two-factor')).toBe(true);
    expect(matchesSite(github, 'https://gist.github.com/')).toBe(true);
    expect(matchesSite(['example.co.uk'], 'https://login.example.co.uk/')).toBe(true);
  });

  it('does not match look-alikes, suffix tricks or a different public suffix', () => {
    expect(matchesSite(github, 'https://github.com.evil.io/login')).toBe(false);
    expect(matchesSite(github, 'https://githab.com/login')).toBe(false);
    expect(matchesSite(github, 'https://evilgithub.com/')).toBe(false);
    expect(matchesSite(github, 'https://github.co/')).toBe(false);
    expect(matchesSite(['github.io'], 'https://alice.github.io/')).toBe(false);
  });

  it('does not match an IDN homograph (Cyrillic letters)', () => {
    // "gіthub.com" with a Cyrillic i, and "аpple.com" with a Cyrillic a.
    expect(matchesSite(github, 'https://g\u0456thub.com/')).toBe(false);
    expect(matchesSite(['apple.com'], 'https://\u0430pple.com/')).toBe(false);
  });

  it('matches an internationalised domain with itself, in either form', () => {
    expect(matchesSite(['bücher.de'], 'https://www.xn--bcher-kva.de/')).toBe(true);
    expect(matchesSite(['xn--bcher-kva.de'], 'https://bücher.de/')).toBe(true);
  });

  it('never matches an IP address, even one stored as a website', () => {
    expect(matchesSite(['127.0.0.1'], 'http://127.0.0.1/')).toBe(false);
  });

  it('matches nothing without websites', () => {
    expect(matchesSite(undefined, 'https://github.com/')).toBe(false);
    expect(matchesSite([], 'https://github.com/')).toBe(false);
  });
});
