import type { EncryptedVault } from '../types.js';
import {
  VIEWER_SCRIPT,
  VIEWER_SCRIPT_HASH,
  VIEWER_STYLE,
  VIEWER_STYLE_HASH,
} from './viewer-bundle.generated.js';

/*
 * The break-glass file: one HTML page that holds a sealed vault (the backups' format and key
 * slots) and the viewer that opens it offline. Script and style are inline, allowed by their
 * hashes alone; the Content-Security-Policy forbids every request (no network, no form, images
 * from data: URIs only). The vault sits in a JSON data block, which no policy runs.
 */

/** The page's words, in the reader's language (the server takes them from its catalogue). */
export interface BreakGlassStrings {
  readonly title: string;
  /** Holds `:date`. */
  readonly made: string;
  readonly read_only: string;
  readonly password: string;
  readonly open: string;
  readonly wrong: string;
  readonly search: string;
  /** Holds `:counter`. */
  readonly counter: string;
  readonly reveal: string;
  readonly note: string;
  readonly recovery_codes: string;
  readonly used: string;
  readonly none: string;
}

export const BREAK_GLASS_STRING_KEYS = [
  'title',
  'made',
  'read_only',
  'password',
  'open',
  'wrong',
  'search',
  'counter',
  'reveal',
  'note',
  'recovery_codes',
  'used',
  'none',
] as const satisfies readonly (keyof BreakGlassStrings)[];

/** What the page's script reads from its data block. */
export interface BreakGlassData {
  readonly vault: EncryptedVault;
  readonly strings: BreakGlassStrings;
}

export interface BreakGlassInput {
  readonly vault: EncryptedVault;
  readonly createdAt: Date;
  /** A BCP 47 language tag: the page's `lang` and the date's format. */
  readonly lang: string;
  readonly dir?: 'ltr' | 'rtl';
  readonly strings: BreakGlassStrings;
}

export const BREAK_GLASS_CSP = [
  "default-src 'none'",
  `script-src '${VIEWER_SCRIPT_HASH}'`,
  `style-src '${VIEWER_STYLE_HASH}'`,
  'img-src data:',
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function madeOn(createdAt: Date, lang: string): string {
  const options = { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' } as const;
  try {
    return `${new Intl.DateTimeFormat(lang, options).format(createdAt)} UTC`;
  } catch {
    return createdAt.toISOString();
  }
}

/** The whole file, as text (UTF-8). */
export function breakGlassHtml(input: BreakGlassInput): string {
  const s = input.strings;
  const e = (key: keyof BreakGlassStrings) => escapeHtml(s[key]);
  const data: BreakGlassData = { vault: input.vault, strings: s };
  // In a data block only `</script` could end it early: every `<` is escaped in the JSON.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const made = escapeHtml(s.made).replace(
    ':date',
    `<time datetime="${input.createdAt.toISOString()}">${escapeHtml(madeOn(input.createdAt, input.lang))}</time>`,
  );
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}" dir="${input.dir ?? 'ltr'}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${BREAK_GLASS_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${e('title')}</title>
<style>${VIEWER_STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${e('title')}</h1>
<p>${made}</p>
<p>${e('read_only')}</p>
</header>
<form id="unlock">
<label for="password">${e('password')}</label>
<input id="password" type="password" autocomplete="off" required autofocus>
<button id="open" type="submit">${e('open')}</button>
<p id="error" role="alert"></p>
</form>
<section id="viewer" hidden>
<div class="search">
<label for="search">${e('search')}</label>
<input id="search" type="search" autocomplete="off">
</div>
<p id="empty" role="status" hidden>${e('none')}</p>
<ul id="accounts"></ul>
</section>
</main>
<script type="application/json" id="twofold-data">${json}</script>
<script>${VIEWER_SCRIPT}</script>
</body>
</html>
`;
}
