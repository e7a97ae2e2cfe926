import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { randomIconName, moveIconFilesIn } from '../images/icon-store.js';
import { describeEachDatabase } from '../test/harness.js';
import { storedIcons } from '../test/stored-icons.js';

/** A 1×1 PNG. */
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAC0lEQVQImWP4DwQACfsD/eNV8pwAAAAASUVORK5CYII=',
  'base64',
);

/*
 * Icons kept in DATA_DIR/icons by an earlier version: on PostgreSQL they move into the database at
 * start (replicas share no folder), and a start interrupted half-way loses none; on the embedded
 * database they stay where they are.
 */
describeEachDatabase('icons left in the data folder', (t) => {
  const dir = () => path.join(t.dataDir, 'icons');
  const leftOnDisk = () => readdirSync(dir()).filter((name) => !name.startsWith('.'));
  let names: string[] = [];
  beforeEach(() => {
    rmSync(dir(), { recursive: true, force: true });
    mkdirSync(dir(), { recursive: true });
    names = [randomIconName('png'), randomIconName('png')];
    for (const name of names) writeFileSync(path.join(dir(), name), PNG_1x1);
  });

  it('are served after a restart, from the database on PostgreSQL and from the folder on PGlite', async () => {
    writeFileSync(path.join(dir(), 'notes.txt'), 'not an icon');
    const app = await t.rebuild({}, { keepKeys: true });
    for (const name of names) {
      const served = await app.inject({ method: 'GET', url: `/storage/icons/${name}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_1x1)).toBe(true);
    }
    expect(await storedIcons(t)).toEqual(expect.arrayContaining(names));
    if (t.driver === 'postgres') expect(leftOnDisk()).toEqual(['notes.txt']);
    else expect(leftOnDisk()).toEqual(expect.arrayContaining([...names, 'notes.txt']));
  });

  it('moving in twice, or after a crash between a row and its file deletion, loses nothing', async () => {
    // The crash: the first icon's row was committed, its file not yet deleted.
    await t.db.insertInto('icon_files').values({ name: names[0]!, bytes: PNG_1x1 }).execute();
    expect(await moveIconFilesIn(t.db, dir())).toBe(2);
    expect(await moveIconFilesIn(t.db, dir())).toBe(0);
    expect(leftOnDisk().filter((name) => names.includes(name))).toEqual([]);
    const rows = await t.db.selectFrom('icon_files').selectAll().where('name', 'in', names).execute();
    expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
    for (const row of rows) expect(Buffer.from(row.bytes).equals(PNG_1x1)).toBe(true);
  });
});
