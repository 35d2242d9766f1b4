// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The "new version available" notice with its Reload button (pwa.ts loads this module
 * when the service worker first has a new version; the footer line that says the app
 * works offline is pwa.ts's own, as every first visit shows it).
 */
import './pwa.css';

/**
 * Show (once) the "new version available" notice at the bottom of the page.
 *
 * @param reload activates the waiting version; the page reloads when it takes control
 */
export function showUpdateNotice(reload: () => void): void {
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
