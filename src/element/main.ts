/** The custom element's script: the platform loads it on the site's pages and in the editor. */
import { ELEMENT_TAG_NAME } from '../contract/elementAttributes';
import { defineDriveFileWidget } from './DriveFileWidgetElement';

// Our server is where this script came from; the page it runs in is the site's.
defineDriveFileWidget(customElements, ELEMENT_TAG_NAME, new URL(import.meta.url).origin);
