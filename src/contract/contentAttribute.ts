/**
 * Reading the custom element's JSON attributes (elementAttributes.ts describes each), and its
 * `content` attribute's reference: apart from the model's rules, so that the element's script can
 * ask for the rendering before it evaluates them (src/element/pageAsk.ts).
 */
import { isContentVersion } from './contentVersion';
import { ELEMENT_ATTRIBUTES, type AttributeReader } from './elementAttributeNames';
import type { ContentReference } from './elementContent';
import { isValidFileId } from './fileId';
import { isRecord } from './record';

/** A JSON attribute's object; anything else is named in `problems` and read as `{}`. */
export function parseJsonAttribute(name: string, raw: string | null, problems: string[]): Record<string, unknown> {
  if (raw === null || raw === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (isRecord(value)) return value;
  } catch {
    // said below
  }
  problems.push(`${name} is not a JSON object`);
  return {};
}

/**
 * The `content` attribute's reference, or null when absent or without a file id (then named in
 * `problems`). Any `html` it holds (an attribute written before the reference) is never read.
 */
export function readContentAttribute(read: AttributeReader, problems: string[] = []): ContentReference | null {
  const raw = read(ELEMENT_ATTRIBUTES.content);
  if (raw === null || raw === '') return null;
  const value = parseJsonAttribute(ELEMENT_ATTRIBUTES.content, raw, problems);
  if (isValidFileId(value.fileId)) return { fileId: value.fileId, version: isContentVersion(value.version) ? value.version : null };
  if (Object.keys(value).length) problems.push('content is not {fileId, version}');
  return null;
}
