/** The custom element's script: the platform loads it on the site's pages and in the editor. */
// First, before the element's class is evaluated: the page's renderings are asked for at once.
import './first';
import { ELEMENT_TAG_NAME } from '../contract/elementAttributeNames';
import { defineDriveFileWidget } from './DriveFileWidgetElement';
import { scriptOrigin } from './scriptOrigin';

// Our server is where this script came from; the page it runs in is the site's.
defineDriveFileWidget(customElements, ELEMENT_TAG_NAME, scriptOrigin());
