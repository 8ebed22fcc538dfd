/** Entry of the stage's /api/picker page (mirage/picker.html): mounts the Picker over the mock drive, in the page's language. */
import { mountPickerPage } from '../mirage/pickerPage';
import { localStorageStateStore } from '../mirage/state';
import { pickerPageText } from './pickerWords';

function start(): void {
  if (document.querySelector('[data-mock-picker]')) mountPickerPage(document, localStorageStateStore(), { text: pickerPageText });
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
