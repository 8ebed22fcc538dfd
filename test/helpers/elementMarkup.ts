/**
 * The custom element as the platform writes it into a site's page: its tag with the attributes the
 * editor holds (test pages, the bench's pages).
 */
import { ELEMENT_TAG_NAME } from '../../src/contract/elementAttributeNames';

/** A value inside an attribute's double quotes. */
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<drive-file-widget …></drive-file-widget>` with `attributes`. */
export function elementMarkup(attributes: Record<string, string>): string {
  const written = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return `<${ELEMENT_TAG_NAME} ${written}></${ELEMENT_TAG_NAME}>`;
}
