// SPDX-License-Identifier: GPL-3.0-or-later
/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Offline use and updates of the static build: registers the service worker that
 * vite-plugin-pwa generates (`sw.js`, beside index.html; it precaches the pages, the
 * worker and the WASM), says in the footer once the app works offline, and shows a
 * notice when a new version is waiting — "Reload" activates it and reloads the page
 * (the board and options live in the URL hash, so nothing is lost).
 *
 * Service workers need a secure context (https, or http://127.0.0.1 / localhost); on
 * plain http, file:// or in a browser without them this does nothing.
 */
import { registerSW } from 'virtual:pwa-register';
import './pwa.css';

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
      showUpdateNotice(() => {
        // Reload once the waiting version has taken control. (vite-plugin-pwa reloads
        // by itself only when the page was already controlled when it loaded, not on a
        // first visit that stays open until the next release, so reload here, always.)
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
          once: true,
        });
        void updateServiceWorker(true);
      });
    },
    // The reload is done above, for every case; this keeps the plugin from doing it twice.
    onNeedReload() {},
    onOfflineReady() {
      showOfflineReady();
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
 * Show (once) the "new version available" notice at the bottom of the page.
 *
 * @param reload activates the waiting version; the page reloads when it takes control
 */
function showUpdateNotice(reload: () => void): void {
  if (document.getElementById('pwa-update') !== null) return;
  const notice = document.createElement('aside');
  notice.id = 'pwa-update';
  notice.className = 'pwa-notice';
  notice.setAttribute('aria-label', 'Update');
  notice.setAttribute('aria-live', 'polite');
  const text = document.createElement('p');
  text.textContent = 'A new version of gridmilp is available.';
  const reloadButton = document.createElement('button');
  reloadButton.type = 'button';
  reloadButton.className = 'primary';
  reloadButton.textContent = 'Reload';
  reloadButton.addEventListener('click', () => {
    reloadButton.disabled = true;
    text.textContent = 'Updating…';
    reload();
  });
  const laterButton = document.createElement('button');
  laterButton.type = 'button';
  laterButton.textContent = 'Later';
  laterButton.title = 'The new version is used from the next visit on';
  laterButton.addEventListener('click', () => notice.remove());
  const actions = document.createElement('div');
  actions.className = 'pwa-actions';
  actions.append(reloadButton, laterButton);
  notice.append(text, actions);
  document.body.append(notice);
}

/** Say in the page footer (when there is one) that the app now works offline. */
function showOfflineReady(): void {
  const footer = document.querySelector('footer');
  if (footer === null || document.getElementById('pwa-offline') !== null) return;
  const line = document.createElement('p');
  line.id = 'pwa-offline';
  line.className = 'pwa-offline';
  line.textContent = 'Saved on this device: gridmilp now works offline too.';
  footer.append(line);
}
