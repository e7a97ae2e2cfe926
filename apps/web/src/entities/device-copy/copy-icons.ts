import { iconUrl } from '../account/icon.api';

/*
 * The accounts' logos inside the copy, as data URLs, so that the offline list shows them without
 * a cache that would name the user's services. Bounded: a logo over MAX_ICON_BYTES, or beyond
 * MAX_TOTAL_BYTES for the whole copy, is left out and shows the account's initial instead.
 */
export const MAX_ICON_BYTES = 16 * 1024;
export const MAX_TOTAL_BYTES = 2 * 1024 * 1024;
const PARALLEL = 6;

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('icon'));
    reader.readAsDataURL(blob);
  });
}

async function readIcon(file: string): Promise<Blob | null> {
  try {
    const response = await fetch(iconUrl(file));
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('image/')) return null;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_ICON_BYTES) return null;
    const blob = await response.blob();
    return blob.size > 0 && blob.size <= MAX_ICON_BYTES ? blob : null;
  } catch {
    return null; // a logo that cannot be read now shows the initial
  }
}

/** The logos of `files` (each once) as data URLs, within the bounds above. */
export async function copyIcons(
  files: readonly (string | null | undefined)[],
): Promise<Record<string, string>> {
  const queue = [...new Set(files.filter((file): file is string => !!file))];
  const icons: Record<string, string> = {};
  let total = 0;
  async function worker() {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const blob = await readIcon(file);
      if (!blob || total + blob.size > MAX_TOTAL_BYTES) continue;
      total += blob.size;
      icons[file] = await dataUrl(blob);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return icons;
}
