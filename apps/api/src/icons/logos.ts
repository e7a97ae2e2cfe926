import type { SimpleIcon } from 'simple-icons';

/** simple-icons' title-to-slug rule: `Air Canada` -> `aircanada`, `Battle.net` -> `battledotnet`. */
export function titleToSlug(title: string): string {
  const map: Record<string, string> = {
    đ: 'd',
    ħ: 'h',
    ı: 'i',
    ĸ: 'k',
    ŀ: 'l',
    ł: 'l',
    ß: 'ss',
    ŧ: 't',
    ø: 'o',
  };
  return (
    title
      .toLowerCase()
      .replace(/\+/g, 'plus')
      .replace(/\./g, 'dot')
      .replace(/&/g, 'and')
      // The letters of `map`, escaped: one character above U+00FF in the server's bundle makes V8 keep
      // the whole bundle's source as two-byte text (twice its size in the heap).
      .replace(/[\u0111\u0127\u0131\u0138\u0140\u0142\u00df\u0167\u00f8]/g, (char) => map[char] ?? char)
      .normalize('NFD')
      .replace(/[^a-z0-9]/g, '')
  );
}

let index: Map<string, SimpleIcon> | undefined;

/** The bundled offline set, indexed by slug and by the slug of the title (loaded on first use). */
async function offlineIndex(): Promise<Map<string, SimpleIcon>> {
  if (index) return index;
  const icons = (await import('simple-icons')) as unknown as Record<string, SimpleIcon>;
  const map = new Map<string, SimpleIcon>();
  for (const icon of Object.values(icons)) {
    if (typeof icon !== 'object' || typeof icon.slug !== 'string') continue;
    map.set(icon.slug, icon);
    const fromTitle = titleToSlug(icon.title);
    if (!map.has(fromTitle)) map.set(fromTitle, icon);
  }
  index = map;
  return map;
}

/** The brand SVG of a service from the bundled set, filled with the brand colour; undefined when none. */
export async function offlineLogo(service: string): Promise<Buffer | undefined> {
  const slug = titleToSlug(service);
  if (slug === '') return undefined;
  const icon = (await offlineIndex()).get(slug);
  if (!icon) return undefined;
  const svg = icon.svg.replace(/^<svg\b/, `<svg fill="#${icon.hex}"`);
  return Buffer.from(svg, 'utf8');
}
