import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import path from 'node:path';
import { mimeOf, sniffImage, type ImageExt } from './image-type.js';
import { sanitiseSvg } from './svg.js';
import { filesToMoveIn } from '../storage/move-in.js';

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

const ALL_TYPES: readonly ImageExt[] = ['png', 'jpg', 'gif', 'bmp', 'svg', 'webp'];

/**
 * Where icons live: files named `<40 random [A-Za-z0-9]>.<ext>`, in DATA_DIR/icons on the embedded
 * database (DiskIconStore), in the `icon_files` table on PostgreSQL (DatabaseIconStore: replicas
 * share no folder). Chosen once at start.
 */
export interface IconStore {
  /** Moves on whenever an icon is stored or removed (cached list answers carry icon names). */
  readonly version: number;
  /** Whether the icon is known to exist (synchronous: every account of a list asks). */
  exists(name: string | null | undefined): name is string;
  /** As exists, but also asks the storage when the name is not known yet (another replica's upload). */
  confirm(name: string | null | undefined): Promise<boolean>;
  /** Stores image bytes (sniffed; SVG sanitised); returns the new name, or undefined when not an image. */
  store(bytes: Buffer, allowed?: readonly ImageExt[]): Promise<string | undefined>;
  read(name: string): Promise<{ bytes: Buffer; mime: string } | undefined>;
  remove(name: string): Promise<void>;
}

/** The bytes an icon is stored with and its type, or undefined when they are not an accepted image. */
async function iconContent(bytes: Buffer, allowed: readonly ImageExt[]) {
  const ext = sniffImage(bytes);
  if (!ext || !allowed.includes(ext)) return undefined;
  if (ext !== 'svg') return { ext, content: bytes };
  const clean = await sanitiseSvg(bytes.toString('utf8'));
  return clean ? { ext, content: Buffer.from(clean, 'utf8') } : undefined;
}

const mimeOfName = (name: string) => mimeOf[name.slice(name.lastIndexOf('.') + 1) as ImageExt];

/**
 * The icon folder (DATA_DIR/icons). The set of names is kept in memory so that listing 1,000
 * accounts does not stat 1,000 files.
 */
export class DiskIconStore implements IconStore {
  private names: Set<string> | undefined;
  private changes = 0;

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
    // Written by hand, or restored, since the names were read.
    if (!existsSync(path.join(this.dir, name))) return false;
    this.known().add(name);
    return true;
  }

  confirm(name: string | null | undefined): Promise<boolean> {
    return Promise.resolve(this.exists(name));
  }

  async store(bytes: Buffer, allowed: readonly ImageExt[] = ALL_TYPES) {
    const icon = await iconContent(bytes, allowed);
    if (!icon) return undefined;
    const name = randomIconName(icon.ext);
    this.known();
    try {
      await writeFile(path.join(this.dir, name), icon.content, { flag: 'wx' });
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
      return { bytes: await readFile(path.join(this.dir, name)), mime: mimeOfName(name) };
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

/**
 * The `icon_files` table (PostgreSQL). The names are read once at start and kept in memory; other
 * replicas' inserts and deletes reach `heard` through the cache channel (migration 0024,
 * cache/replica-sync.ts), and `reload` catches up after that channel was lost.
 */
export class DatabaseIconStore implements IconStore {
  private names = new Set<string>();
  private changes = 0;
  /** False until the names were read once (the database may be unreachable at start). */
  private loaded = false;
  private loading: Promise<void> | undefined;

  get version(): number {
    return this.changes;
  }

  constructor(private readonly db: Kysely<DB>) {}

  /** Reads every name again (at start, and whenever notifications may have been missed). */
  reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.db.selectFrom('icon_files').select('name').execute();
        this.names = new Set(rows.map((row) => row.name));
        this.loaded = true;
        this.changes += 1;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /** Another replica (or this one) stored or removed an icon: `icon_files:<operation>:<name>`. */
  heard(operation: string, name: string): void {
    if (!NAME.test(name)) return;
    if (operation === 'insert') this.names.add(name);
    else if (operation === 'delete') this.names.delete(name);
    else return;
    this.changes += 1;
  }

  exists(name: string | null | undefined): name is string {
    if (!this.loaded) void this.reload().catch(() => undefined); // the next answer will know
    return typeof name === 'string' && this.names.has(name);
  }

  async confirm(name: string | null | undefined): Promise<boolean> {
    if (typeof name !== 'string' || !NAME.test(name)) return false;
    if (this.names.has(name)) return true;
    const row = await this.db
      .selectFrom('icon_files')
      .select('name')
      .where('name', '=', name)
      .executeTakeFirst();
    if (row) this.heard('insert', name);
    return row !== undefined;
  }

  async store(bytes: Buffer, allowed: readonly ImageExt[] = ALL_TYPES) {
    const icon = await iconContent(bytes, allowed);
    if (!icon) return undefined;
    const name = randomIconName(icon.ext);
    try {
      await this.db.insertInto('icon_files').values({ name, bytes: icon.content }).execute();
    } catch (error) {
      throw new IconStoreError('icon could not be written', { cause: error });
    }
    this.heard('insert', name);
    return name;
  }

  async read(name: string): Promise<{ bytes: Buffer; mime: string } | undefined> {
    if (!NAME.test(name)) return undefined;
    const row = await this.db
      .selectFrom('icon_files')
      .select('bytes')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { bytes: Buffer.from(row.bytes), mime: mimeOfName(name) } : undefined;
  }

  async remove(name: string): Promise<void> {
    if (!NAME.test(name)) return;
    await this.db.deleteFrom('icon_files').where('name', '=', name).execute();
    this.heard('delete', name);
  }
}

/**
 * The first start on PostgreSQL after icons lived in DATA_DIR/icons: each file becomes a row, and
 * is deleted only once its row is committed. Idempotent: a file whose row exists already (a crash
 * between the two steps, or another replica sharing the folder) is only deleted. Other files in
 * the folder are left alone. Returns how many icons were moved.
 */
export async function moveIconFilesIn(db: Kysely<DB>, dir: string): Promise<number> {
  let moved = 0;
  for (const name of await filesToMoveIn(dir, (file) => NAME.test(file))) {
    const file = path.join(dir, name);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      continue; // removed meanwhile (another replica moving the same folder)
    }
    await db
      .insertInto('icon_files')
      .values({ name, bytes })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await rm(file, { force: true });
    moved += 1;
  }
  return moved;
}
