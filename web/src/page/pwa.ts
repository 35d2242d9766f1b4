// SPDX-License-Identifier: GPL-3.0-or-later
/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Offline use and updates of the static build: registers the service worker that
 * vite-plugin-pwa generates (`sw.js`, beside index.html; it precaches the pages, the
 * worker and the WASM), says in the footer once the app works offline, and shows a
 * notice when a new version is waiting — "Reload" activates it and reloads the page
 * (the board and options live in the URL hash, so nothing is lost). That notice is in
 * pwa-notice.ts, fetched when the service worker first has a new version.
 *
 * Service workers need a secure context (https, or http://127.0.0.1 / localhost); on
 * plain http, file:// or in a browser without them this does nothing.
 */
import { registerSW } from 'virtual:pwa-register';

/** How often an open page asks the server whether a new version exists (ms). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Register the service worker (after the page's load event, so it never competes with
 * the first load of the WASM) and wire its events to the page. Call once per page.
 * Never throws: a failed registration only costs offline use and is logged as a warning.
 */
export function startOfflineSupport(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      withNotices(({ showUpdateNotice }) =>
        showUpdateNotice(() => {
          // Reload once the waiting version has taken control. (vite-plugin-pwa reloads
          // by itself only when the page was already controlled when it loaded, not on a
          // first visit that stays open until the next release, so reload here, always.)
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
            once: true,
          });
          void updateServiceWorker(true);
        }),
      );
    },
    // The reload is done above, for every case; this keeps the plugin from doing it twice.
    onNeedReload() {},
    onOfflineReady() {
      // Said in the page footer (when there is one); not in pwa-notice.ts, whose fetch
      // every first visit would otherwise add to what its first solve downloads.
      const footer = document.querySelector('footer');
      if (footer === null || document.getElementById('pwa-offline') !== null) return;
      const line = document.createElement('p');
      line.id = 'pwa-offline';
      line.textContent = 'Saved on this device: gridmilp now works offline too.';
      footer.append(line);
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (document.visibilityState === 'visible' && navigator.onLine) {
          registration.update().catch(() => undefined);
        }
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('gridmilp: offline use is not available (service worker):', error);
    },
  });
}

/**
 * Call `show` with the notices (pwa-notice.ts and its styles, fetched when the service
 * worker first has a new version). A failure to fetch them is logged as a warning,
 * like a failed registration: only the notice is lost.
 */
function withNotices(show: (notices: typeof import('./pwa-notice')) => void): void {
  import('./pwa-notice').then(show, (error: unknown) => {
    console.warn('gridmilp: the offline notice could not be shown:', error);
  });
}
