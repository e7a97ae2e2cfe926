import { readdir } from 'node:fs/promises';

/**
 * The files of a folder that a first start moves into the database (icons, unsent mail), by name;
 * none when the folder is not there (a new install, or moved already).
 */
export async function filesToMoveIn(dir: string, keep: (name: string) => boolean): Promise<string[]> {
  try {
    return (await readdir(dir)).filter(keep);
  } catch {
    return []; // no folder: nothing to move
  }
}
