/**
 * Where the custom element asks our server (`apiBase`) for the rendering its `content` attribute
 * names (src/contract/elementContent.ts): one URL per widget, file and version, a cache key. In the
 * element's first script, which asks for it at once (earlyContent.ts); its native chunk asks the
 * same URL (fetchContent.ts).
 */
import { ELEMENT_CONTENT_FIELDS, ELEMENT_CONTENT_PATH, type ContentReference } from '../contract/elementContent';

export function contentUrl(apiBase: string, widgetKey: string, reference: ContentReference): string {
  const query = new URLSearchParams({
    [ELEMENT_CONTENT_FIELDS.widgetKey]: widgetKey,
    [ELEMENT_CONTENT_FIELDS.fileId]: reference.fileId,
    [ELEMENT_CONTENT_FIELDS.version]: reference.version === null ? '' : String(reference.version),
  });
  return `${apiBase}${ELEMENT_CONTENT_PATH}?${query}`;
}
