/** Entry of the dev-only /api/authenticate page (authenticate.html): mounts the consent screen. */
import { mountAuthenticatePage } from './authenticate';
import { localStorageStateStore } from './state';

function start(): void {
  if (document.querySelector('[data-mock-auth]')) mountAuthenticatePage(document, localStorageStateStore());
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
