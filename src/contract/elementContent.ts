/**
 * The custom element's content (issue 20, the platform's current model; ARCHITECTURE.md, "Native
 * content in the custom element"). The element's `content` attribute, which the platform writes
 * into the site's page HTML, holds only a reference: the file and the drive version it was
 * rendered at (`{fileId, version}`), never the rendering, so a file made private on the drive
 * stays in no published page. The element fetches the rendering from a public route
 * (`ROUTES.elementContent`) with its widget key, the file id and the version (the URL is a cache
 * key), and gets:
 *
 * - `{state: 'none'}`: nothing may be shown as part of the page (a file made private or deleted,
 *   a file this widget never rendered);
 * - `{state: 'content', content: {fileId, version, html}}`: the stored rendering any visitor may see.
 */
import { isContentVersion } from './contentVersion';

/** The route's path on our server (ROUTES.elementContent). */
export const ELEMENT_CONTENT_PATH = '/content/current';

export const ELEMENT_CONTENT_FIELDS = { widgetKey: 'widgetKey', fileId: 'fileId', version: 'version' } as const;

/** What the `content` attribute names: the file, and the drive version it was rendered at (null: none known). */
export interface ContentReference {
  fileId: string;
  version: number | null;
}

/**
 * The `content` attribute's value, written by the owner's panel: the reference alone (any
 * rendering given is left out). Apart from elementAttributes.ts, so that the element's first
 * script does not carry it.
 */
export function contentAttributeOf(content: { fileId: string; version: number }): string {
  return JSON.stringify({ fileId: content.fileId, version: content.version });
}

/** A version as the query carries it: whole decimal digits; null otherwise. */
export function parseContentVersion(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return isContentVersion(value) ? value : null;
}
