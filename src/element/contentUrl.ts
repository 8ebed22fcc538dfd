/**
 * Where the custom element asks our server (`apiBase`) for the rendering its `content` attribute
 * names (src/contract/elementContent.ts): one URL per widget, file and version, a cache key. In the
 * element's first script, which asks for it at once (earlyContent.ts); its native chunk asks the
 * same URL (fetchContent.ts).
 */
import { buildUrl } from '../api/url';
import { ROUTES } from '../api/routes';
import { ELEMENT_CONTENT_FIELDS, type ContentReference } from '../contract/elementContent';

export function contentUrl(apiBase: string, widgetKey: string, reference: ContentReference): string {
  return buildUrl(apiBase + ROUTES.elementContent, {
    [ELEMENT_CONTENT_FIELDS.widgetKey]: widgetKey,
    [ELEMENT_CONTENT_FIELDS.fileId]: reference.fileId,
    [ELEMENT_CONTENT_FIELDS.version]: reference.version ?? '',
  });
}
