import { sealContent, toBase64, type SealedContent } from '@twofold/vault';
import { api, unwrap } from '../../api/client';
import { iconUrl } from '../account/icon.api';
import type { IconDigests } from './copy-content';
import { openLogoUrls } from './open-copy';

/*
 * The accounts' logos inside the copy, so that the offline list shows them without a cache that
 * would name the user's services. Each distinct image is kept once, by the server's digest of it
 * (`GET /api/v1/icons/digests`), sealed to the device key apart from the rest: a refresh fetches
 * only the images the copy does not hold yet, and drops those no account uses any more. Nothing is
 * decoded or drawn: the bytes become a data URL that the list's <img> shows. Bounded: an image
 * over MAX_ICON_BYTES, or beyond MAX_TOTAL_BYTES for the whole copy, is left out (and not asked
 * for again) and the account shows its initial instead.
 */
export const MAX_ICON_BYTES = 16 * 1024;
export const MAX_TOTAL_BYTES = 2 * 1024 * 1024;
const PARALLEL = 6;

export type SealedLogos = Readonly<Record<string, SealedContent>>;

export const readIconDigests = async (): Promise<IconDigests> =>
  (await unwrap(api.GET('/api/v1/icons/digests'))).digests;

type Read = { url: string } | 'tooLarge' | null;

async function readIcon(file: string): Promise<Read> {
  try {
    const response = await fetch(iconUrl(file));
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('image/')) return null;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_ICON_BYTES) return 'tooLarge';
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length === 0) return null;
    if (bytes.length > MAX_ICON_BYTES) return 'tooLarge';
    return { url: `data:${type.split(';')[0]!.trim()};base64,${toBase64(bytes)}` };
  } catch {
    return null; // not readable now: asked for again at the next refresh
  }
}

const sealedSize = (sealed: SealedContent) => Math.floor((sealed.data.length * 3) / 4);

export interface CopyLogos {
  readonly logos: Record<string, SealedContent>;
  readonly leftOut: string[];
}

/**
 * The logos the copy holds after a refresh: those it holds and still needs, as they are; those
 * it lacks, fetched (one file per image) and sealed to `publicKey`.
 */
export async function refreshLogos(
  held: { readonly logos?: SealedLogos; readonly logosLeftOut?: readonly string[] },
  digests: IconDigests,
  publicKey: JsonWebKey,
): Promise<CopyLogos> {
  const fileOf = new Map<string, string>();
  for (const [file, digest] of Object.entries(digests)) if (!fileOf.has(digest)) fileOf.set(digest, file);
  const logos: Record<string, SealedContent> = {};
  const leftOut = (held.logosLeftOut ?? []).filter((digest) => fileOf.has(digest));
  let total = 0;
  const queue: [string, string][] = [];
  for (const [digest, file] of fileOf) {
    const kept = held.logos?.[digest];
    if (kept) {
      logos[digest] = kept;
      total += sealedSize(kept);
    } else if (!leftOut.includes(digest)) queue.push([digest, file]);
  }
  async function worker() {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const [digest, file] = next;
      const read = await readIcon(file);
      if (read === null) continue;
      if (read === 'tooLarge' || total + read.url.length > MAX_TOTAL_BYTES) {
        leftOut.push(digest);
        continue;
      }
      total += read.url.length;
      logos[digest] = await sealContent(publicKey, read.url);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { logos, leftOut };
}

/** By icon file: the data URL of its logo, from the logos opened by digest (`openLogoUrls`). */
export function iconsOf(
  digests: IconDigests | undefined,
  urls: Readonly<Record<string, string>>,
): Record<string, string> {
  const icons: Record<string, string> = {};
  for (const [file, digest] of Object.entries(digests ?? {})) {
    const url = Object.hasOwn(urls, digest) ? urls[digest] : undefined;
    if (url) icons[file] = url;
  }
  return icons;
}

/** The copy's logos opened, by icon file. */
export async function openLogos(
  privateKey: CryptoKey,
  logos: SealedLogos | undefined,
  digests: IconDigests | undefined,
): Promise<Record<string, string>> {
  return iconsOf(digests, await openLogoUrls(privateKey, logos));
}
