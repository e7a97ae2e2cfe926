import { CATALOGUE_CACHE } from './catalogue-cache';

/**
 * The service worker precaches no catalogue (28 languages would be most of its files): the page
 * keeps its own language's, every namespace of it, in CATALOGUE_CACHE, where the worker's route
 * answers from when the server cannot be reached. Other languages are fetched when chosen.
 */

const CATALOGUE_FOLDER = '/assets/locales/';

/** The catalogue files this page has loaded, by path (the resource timing buffer may overflow). */
const loadedCatalogues = new Set<string>();

if (typeof PerformanceObserver !== 'undefined') {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const path = new URL(entry.name).pathname;
      if (path.startsWith(CATALOGUE_FOLDER)) loadedCatalogues.add(path);
    }
  }).observe({ type: 'resource', buffered: true });
}

/**
 * Once a service worker is there, keeps `languages`' catalogues in the cache in two steps: at once
 * the namespaces the screens shown without a server read (`loadUrgent`: a server lost in the first
 * seconds of a first visit still gets worded screens), then, when the page is idle, every other
 * namespace (`loadAll`), removing those languages' files of earlier builds.
 */
export async function keepCataloguesOffline(
  languages: readonly string[],
  loadUrgent: () => Promise<unknown>,
  loadAll: () => Promise<unknown>,
): Promise<void> {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  await navigator.serviceWorker.ready;
  await loadUrgent();
  await store(languages, { prune: false });
  // Background work: it waits until the page has drawn what it opened with and has time to spare.
  await new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(resolve, { timeout: 5000 })
      : setTimeout(resolve, 1000),
  );
  await loadAll();
  await store(languages, { prune: true });
}

/**
 * Puts the catalogue files of `languages` this page has loaded in the cache. `prune` also removes
 * those languages' cached files it has not loaded (earlier builds'): only once every namespace is
 * loaded, or it would drop the ones still to come.
 */
async function store(languages: readonly string[], { prune }: { readonly prune: boolean }): Promise<void> {
  // The observer hears of the last loads a little later.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const folders = languages.map((language) => `${CATALOGUE_FOLDER}${language}/`);
  const inFolders = (path: string) => folders.some((folder) => path.startsWith(folder));
  const current = [...loadedCatalogues].filter(inFolders);
  const cache = await caches.open(CATALOGUE_CACHE);
  const cached = (await cache.keys()).map((request) => new URL(request.url).pathname);
  const stale = prune ? cached.filter((path) => inFolders(path) && !current.includes(path)) : [];
  await Promise.all([
    ...current.filter((path) => !cached.includes(path)).map((path) => cache.add(path)),
    ...stale.map((path) => cache.delete(path)),
  ]);
}
