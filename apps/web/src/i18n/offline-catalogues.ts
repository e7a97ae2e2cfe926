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
 * Once a service worker is there, loads every namespace of `languages` (`loadAll`) and puts the
 * files in the cache, removing those languages' files of earlier builds.
 */
export async function keepCataloguesOffline(
  languages: readonly string[],
  loadAll: () => Promise<unknown>,
): Promise<void> {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  await navigator.serviceWorker.ready;
  // Background work: it waits until the page has drawn what it opened with and has time to spare.
  await new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(resolve, { timeout: 5000 })
      : setTimeout(resolve, 1000),
  );
  await loadAll();
  // The observer hears of the last loads a little later.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const folders = languages.map((language) => `${CATALOGUE_FOLDER}${language}/`);
  const inFolders = (path: string) => folders.some((folder) => path.startsWith(folder));
  const current = [...loadedCatalogues].filter(inFolders);
  const cache = await caches.open(CATALOGUE_CACHE);
  const cached = (await cache.keys()).map((request) => new URL(request.url).pathname);
  await Promise.all([
    ...current.filter((path) => !cached.includes(path)).map((path) => cache.add(path)),
    ...cached.filter((path) => inFolders(path) && !current.includes(path)).map((path) => cache.delete(path)),
  ]);
}
