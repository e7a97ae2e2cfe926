import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mimeOf, sniffImage, type ImageExt } from './image-type.js';
import { sanitiseSvg } from './svg.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const NAME = /^[A-Za-z0-9]{40}\.(png|jpg|gif|bmp|svg|webp)$/;

/** A bare file name: no separator, no leading dot. */
export function isBareName(name: string): boolean {
  return name !== '' && !name.startsWith('.') && !/[/\\]/.test(name) && !name.includes('\0');
}

export function randomIconName(ext: ImageExt): string {
  let name = '';
  for (let i = 0; i < 40; i += 1) name += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${name}.${ext}`;
}

export class IconStoreError extends Error {}

/**
 * The icon folder (DATA_DIR/icons): files named `<40 random [A-Za-z0-9]>.<ext>`. The set of
 * names is kept in memory so that listing 1,000 accounts does not stat 1,000 files.
 */
export class IconStore {
  private names: Set<string> | undefined;
  private changes = 0;

  /** Moves on whenever a file is stored or removed (cached list answers carry icon names). */
  get version(): number {
    return this.changes;
  }

  constructor(readonly dir: string) {}

  private known(): Set<string> {
    if (!this.names) {
      mkdirSync(this.dir, { recursive: true });
      this.names = new Set(readdirSync(this.dir).filter((name) => NAME.test(name)));
    }
    return this.names;
  }

  exists(name: string | null | undefined): name is string {
    if (typeof name !== 'string' || !NAME.test(name)) return false;
    if (this.known().has(name)) return true;
    // Another replica sharing the folder may have written it since the names were read.
    if (!existsSync(path.join(this.dir, name))) return false;
    this.known().add(name);
    return true;
  }

  /** Stores image bytes (sniffed; SVG sanitised); returns the new name, or undefined when not an image. */
  async store(bytes: Buffer, allowed: readonly ImageExt[] = ['png', 'jpg', 'gif', 'bmp', 'svg', 'webp']) {
    const ext = sniffImage(bytes);
    if (!ext || !allowed.includes(ext)) return undefined;
    let content = bytes;
    if (ext === 'svg') {
      const clean = await sanitiseSvg(bytes.toString('utf8'));
      if (!clean) return undefined;
      content = Buffer.from(clean, 'utf8');
    }
    const name = randomIconName(ext);
    this.known();
    try {
      await writeFile(path.join(this.dir, name), content, { flag: 'wx' });
    } catch (error) {
      // A short file (a full disk) is never kept under an icon's name.
      await rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
      throw new IconStoreError('icon could not be written', { cause: error });
    }
    this.known().add(name);
    this.changes += 1;
    return name;
  }

  async read(name: string): Promise<{ bytes: Buffer; mime: string } | undefined> {
    if (!this.exists(name)) return undefined;
    try {
      const bytes = await readFile(path.join(this.dir, name));
      const ext = name.slice(name.lastIndexOf('.') + 1) as ImageExt;
      return { bytes, mime: mimeOf[ext] };
    } catch {
      return undefined;
    }
  }

  async remove(name: string): Promise<void> {
    if (!NAME.test(name)) return;
    this.known().delete(name);
    this.changes += 1;
    await rm(path.join(this.dir, name), { force: true });
  }
}
