// `node --import ./tooling/json-imports.mjs`: lets a dependency import a .json module without the
// `with { type: 'json' }` attribute Node requires (as bundlers allow). @actions/workflow-parser,
// which validates .github/workflows, imports its schema that way.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
export async function load(url, context, nextLoad) {
  if (url.endsWith('.json')) return nextLoad(url, { ...context, importAttributes: { type: 'json' } });
  return nextLoad(url, context);
}`)}`,
);
