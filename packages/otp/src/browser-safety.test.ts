import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as browser from './browser.js';
import * as node from './index.js';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Every source file reachable from `entry` through static and dynamic imports, with its imports. */
function graph(entry: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    const text = readFileSync(join(SRC, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1] ?? '');
    files.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('./')) visit(specifier.slice(2).replace(/\.js$/, '.ts'));
    }
  };
  visit(entry);
  return files;
}

describe('the ./browser entry point', () => {
  const files = graph('browser.ts');

  it('imports nothing but its own browser-safe modules', () => {
    const external = [...files.values()].flat().filter((specifier) => !specifier.startsWith('./'));
    expect(external).toEqual([]);
    for (const file of ['codes.ts', 'qr-decode.ts', 'qr-encode.ts', 'qr-scan.ts', 'bmp.ts']) {
      expect(files.has(file)).toBe(false);
    }
  });

  it('uses no Node-only globals (Buffer, process, require)', () => {
    for (const file of files.keys()) {
      const code = readFileSync(join(SRC, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/\b(Buffer|process|require|__dirname|NodeJS)\b/);
    }
  });

  it('exports the URI, secret, account and migration API, and the Node entry exports it too', () => {
    for (const name of [
      'parseOtpauthUri',
      'serializeOtpauthUri',
      'validateBase32Secret',
      'normalizeAccount',
      'decodeMigrationUri',
      'encodeMigrationUris',
      'plainTextToBase32',
    ]) {
      expect(typeof (browser as Record<string, unknown>)[name], name).toBe('function');
    }
    for (const name of Object.keys(browser)) expect(Object.keys(node)).toContain(name);
  });
});

describe('sharp stays behind the ./images entry point', () => {
  const imports = (entry: string) => [...graph(entry).values()].flat();

  it('the main and browser entry points never import sharp', () => {
    expect(imports('index.ts')).not.toContain('sharp');
    expect(imports('browser.ts')).not.toContain('sharp');
  });

  it('the ./images entry point decodes QR images with it', () => {
    expect(imports('images.ts')).toContain('sharp');
  });
});
