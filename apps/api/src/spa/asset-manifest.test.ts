import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';

// Stand-ins for the built web app: one with the manifest the build writes, one from a build without it.
function webRoot(manifest?: unknown): string {
  const root = mkdtempSync(path.join(tmpdir(), 'twofold-web-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Twofold</title>');
  if (manifest !== undefined) {
    mkdirSync(path.join(root, '.well-known'));
    writeFileSync(path.join(root, '.well-known', 'twofold-assets.json'), JSON.stringify(manifest));
  }
  return root;
}

const manifest = {
  version: 1,
  files: [{ path: '/index.html', sha256: 'a'.repeat(64), bytes: 37 }],
};

describeEachDatabase(
  'asset manifest',
  (t) => {
    it('is served publicly as the build wrote it, never kept in a cache without asking again', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/.well-known/twofold-assets.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toEqual(manifest);
    });
  },
  { webRoot: webRoot(manifest) },
);

describeEachDatabase(
  'asset manifest missing',
  (t) => {
    it('answers 404 when the build wrote none, not the web app', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/.well-known/twofold-assets.json' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'not found' });
    });
  },
  { webRoot: webRoot() },
);
