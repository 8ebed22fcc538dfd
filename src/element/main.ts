/** The custom element's script: the platform loads it on the site's pages and in the editor. */
import { ELEMENT_TAG_NAME } from '../contract/elementAttributes';
import { defineDriveFileWidget } from './DriveFileWidgetElement';

/** Where webpack found this script at run time (the entry's public path is 'auto'). */
declare const __webpack_public_path__: string;

// Our server is where this script came from; the page it runs in is the site's.
defineDriveFileWidget(customElements, ELEMENT_TAG_NAME, new URL(__webpack_public_path__, window.location.href).origin);
