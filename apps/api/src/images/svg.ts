import createDOMPurify, { type DOMPurify } from 'dompurify';

let purifier: DOMPurify | undefined;

/** DOMPurify on a jsdom window, created on first use (jsdom is slow to load). */
async function getPurifier(): Promise<DOMPurify> {
  if (purifier) return purifier;
  const { JSDOM } = await import('jsdom');
  const instance = createDOMPurify(new JSDOM('').window);
  // Only local fragment references survive: no javascript:, no external resources.
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'xlink:href']) {
      const value = node.getAttribute(name);
      if (value !== null && !value.trim().startsWith('#')) node.removeAttribute(name);
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Sanitises an SVG document with DOMPurify's SVG profile: scripts, event
 * handlers, foreignObject and external references removed. Returns undefined when nothing
 * of an SVG remains.
 */
export async function sanitiseSvg(text: string): Promise<string | undefined> {
  const purify = await getPurifier();
  const clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style', 'image', 'use'],
    FORBID_ATTR: ['style'],
  });
  const trimmed = clean.trim();
  return /^<svg[\s>]/i.test(trimmed) ? trimmed : undefined;
}
