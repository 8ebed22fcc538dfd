/**
 * Evaluated first (main.ts imports it before the element's class): the rendering of each element
 * already in the page is asked for, and the native chunk loads, while the rest of the script is
 * evaluated (pageAsk.ts). A chunk that fails here is fetched again by the draw, which says so.
 */
import { askForPage } from './pageAsk';
import { scriptOrigin } from './scriptOrigin';

askForPage(document, scriptOrigin(), () => {
  import(/* webpackChunkName: "element-native" */ './nativeElement').catch(() => undefined);
});
