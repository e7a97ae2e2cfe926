/*
 * Android's SharedPreferences XML (what `XmlUtils.writeMapXml` writes: a `<map>` of `<string>`,
 * `<int>`, `<long>`, `<boolean>`, `<float>`, `<set>` and `<null>` elements, each with a `name`),
 * read into a map of names to text. Several apps' internal files are such a map (Authy,
 * Battle.net, FreeOTP, TOTP Authenticator). Only this closed shape is read; anything else
 * (another root, DOCTYPE, CDATA) is null.
 */

const ENTITIES: Readonly<Record<string, string>> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

function decodeEntities(text: string): string | null {
  let ok = true;
  const out = text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);|&/gi, (all, name: string | undefined) => {
    if (name === undefined) return ((ok = false), all);
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!(code >= 1 && code <= 0x10ffff)) return ((ok = false), all);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[name];
    if (value === undefined) ok = false;
    return value ?? all;
  });
  return ok ? out : null;
}

/** True when the text looks like a shared-preferences file (an XML prolog or a `<map>` root). */
export function looksLikeSharedPrefs(text: string): boolean {
  return /^(<\?xml[^>]*\?>\s*)?<map\s*\/?>/.test(text);
}

const ELEMENT =
  /<(string|int|long|boolean|float|null|set)\s+name="([^"]*)"\s*(?:value="([^"]*)"\s*)?(?:\/>|>([\s\S]*?)<\/\1>)/y;

/** The `name → text` entries of a shared-preferences file, or null when it is not one. */
export function readSharedPrefs(text: string): Map<string, string> | null {
  const body = /^(?:<\?xml[^>]*\?>\s*)?<map\s*>([\s\S]*)<\/map>\s*$/.exec(text);
  if (!body) return /^(?:<\?xml[^>]*\?>\s*)?<map\s*\/>\s*$/.test(text) ? new Map() : null;
  const content = body[1]!;
  const entries = new Map<string, string>();
  let at = 0;
  while (true) {
    while (at < content.length && /\s/.test(content[at]!)) at++;
    if (at >= content.length) return entries;
    ELEMENT.lastIndex = at;
    const match = ELEMENT.exec(content);
    if (!match) return null;
    at = ELEMENT.lastIndex;
    const [, tag, rawName, rawValue, inner] = match;
    const name = decodeEntities(rawName!);
    const value = tag === 'string' ? decodeEntities(inner ?? '') : decodeEntities(rawValue ?? '');
    if (name === null || value === null) return null;
    if (tag !== 'null' && tag !== 'set') entries.set(name, value);
  }
}
