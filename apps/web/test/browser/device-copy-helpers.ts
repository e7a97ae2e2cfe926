import type { Page } from 'playwright-core';

/** The passphrase of the device copies the tests turn on. */
export const PASSPHRASE = 'offline passphrase 42';

/** The server's API and data paths: what a page cannot reach when the network or the server is down. */
export const SERVER_PATHS = /^\/(api|user|webauthn|oauth|refresh-csrf|app-config|infos|storage|up)(\/|$)/;

/** Aborts every request to the server's paths, as if the network or the server were down. */
export async function cutServer(page: Page): Promise<void> {
  await page.context().route(
    (url) => SERVER_PATHS.test(url.pathname),
    (route) => route.abort('internetdisconnected'),
  );
}

/** The server reachable again. */
export async function restoreServer(page: Page): Promise<void> {
  await page.context().unrouteAll({ behavior: 'ignoreErrors' });
}

/** Turns on this device's copy from Settings, with PASSPHRASE, and waits until it is made. */
export async function turnOnCopy(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/settings/device`);
  await page.getByLabel('Name of this device').fill('Test phone');
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByLabel('Passphrase again').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Keep my codes on this device' }).click();
  await page.getByText('Your codes are now kept on this device.').waitFor({ timeout: 20_000 });
}

/**
 * Everything the app stored: IndexedDB, localStorage, sessionStorage and Cache Storage. The build's
 * own files (listed by its asset manifest) are left out: they are public code, which may name a
 * service (a help link on GitHub); the check is on what the app stored, not on what it is.
 */
export function storedBytes(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const info of await indexedDB.databases()) {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
      });
      for (const store of database.objectStoreNames) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = database.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
        });
        out.push(`idb:${info.name}/${store}:${JSON.stringify(values)}`);
      }
      database.close();
    }
    out.push(`local:${JSON.stringify({ ...localStorage })}`);
    out.push(`session:${JSON.stringify({ ...sessionStorage })}`);
    const manifest = (await (await fetch('/.well-known/twofold-assets.json')).json()) as {
      files: { path: string }[];
    };
    const builtFiles = new Set(manifest.files.map((file) => file.path));
    builtFiles.add('/');
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (builtFiles.has(new URL(request.url).pathname)) continue;
        const response = await cache.match(request);
        out.push(`cache:${request.url}:${(await response?.text()) ?? ''}`);
      }
    }
    return out.join('\n');
  });
}
