// The base styles first: each feature's and widget's own stylesheet comes after them.
import './styles/base.css';
import './styles/controls.css';
import './styles/shared.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { i18n, initI18n, resolveLocale } from './i18n/i18n';
import { queryClient, setGlobalErrorHandler } from './lib/query-client';
import { preloadUnlockScreen, router } from './app/router';
import { Spinner } from './ui/Spinner';
import { handleGlobalError } from './app/global-errors';
import { installQueryPersistence } from './lib/persist';
import { applyRememberedTheme } from './app/theme';
import { provideVaultSource } from './entities/data-source';
import { httpVaultSource } from './entities/http-source';
import { deviceCopyId } from './api/client';
import { dataMode, raceServer } from './lib/data-mode';
import { takeFragmentHandoff } from './entities/account/scan-handoff';

// A QR code handed over by the browser extension in the fragment: kept in memory, and the address
// replaced through the router (so its own idea of the location drops the secret too) before anything
// renders; also when only the fragment of an open tab changes (no new page load).
function takeHandoffFromAddress(): void {
  const handedOver = takeFragmentHandoff(window.location);
  if (handedOver !== null) void router.history.replace(handedOver);
}
takeHandoffFromAddress();
window.addEventListener('hashchange', takeHandoffFromAddress);

// The accounts, groups and codes are read from the server (entities/data-source.ts).
provideVaultSource(httpVaultSource);
setGlobalErrorHandler((error) => handleGlobalError(error, router));
applyRememberedTheme();
// Accounts, groups and settings of the previous visit show at once, before the server answers.
installQueryPersistence(queryClient);
// This device keeps an encrypted copy: it is refreshed whenever the app reads from the server.
if (deviceCopyId() !== null)
  void import('./lib/copy-sync').then((sync) => sync.installCopySync(queryClient, revokedText));

/** Said when the server refused this device's copy (revoked) and it was erased. */
async function revokedText(): Promise<string> {
  await i18n.loadNamespaces('offline');
  return i18n.t('offline:erasedRevoked');
}

async function start(): Promise<void> {
  await Promise.all([
    // The language: the one chosen in the settings (kept locally once known), else the browser's.
    initI18n(resolveLocale(localStorage.getItem('lang'))),
    // A device with a copy shows the copy's unlock screen at once when the server cannot be reached.
    deviceCopyId() !== null && raceServer(dataMode, queryClient, () => void router.invalidate()),
  ]);
  if (dataMode.current().kind === 'offline-locked') await preloadUnlockScreen();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<Spinner />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
