/**
 * @twofold/vault/break-glass: the self-contained HTML file that opens a sealed vault offline.
 * Its own entry point, so that the viewer's bundled script stays out of other importers.
 */
export {
  BREAK_GLASS_CSP,
  BREAK_GLASS_STRING_KEYS,
  type BreakGlassData,
  type BreakGlassInput,
  type BreakGlassStrings,
  breakGlassHtml,
} from './html.js';
