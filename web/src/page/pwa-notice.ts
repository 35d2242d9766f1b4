// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * What the page says about offline use (pwa.ts loads this module when the service
 * worker first reports something): the "new version available" notice with its Reload
 * button, and the footer line once the app works offline.
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

/** Say in the page footer (when there is one) that the app now works offline. */
export function showOfflineReady(): void {
  const footer = document.querySelector('footer');
  if (footer === null || document.getElementById('pwa-offline') !== null) return;
  const line = document.createElement('p');
  line.id = 'pwa-offline';
  line.className = 'pwa-offline';
  line.textContent = 'Saved on this device: gridmilp now works offline too.';
  footer.append(line);
}
