/**
 * The visitor's element asks our server whether the rendering it draws is still the one visitors
 * are to see (issue 20, point 5; ARCHITECTURE.md, "Native content in the custom element"). A
 * public route (`ROUTES.elementContent`), asked once after the element drew its `content`
 * attribute, with what the element already has: its widget key, the file id and the version it
 * shows. The answer is small when nothing changed:
 *
 * - `{state: 'same'}`: the version shown is the one stored;
 * - `{state: 'none'}`: nothing may be shown as part of the page (a file made private or deleted,
 *   the drive's viewer chosen, another file chosen since);
 * - `{state: 'changed', content: {fileId, version, html}}`: the stored rendering, another version.
 */
import { ELEMENT_ATTRIBUTES, type AttributeReader } from './elementAttributeNames';
import { isValidFileId } from './fileId';
import { isRecord } from './record';

export const ELEMENT_CHECK_FIELDS = { widgetKey: 'widgetKey', fileId: 'fileId', version: 'version' } as const;

/** A drive version (a whole number, at most a safe integer). */
export const isContentVersion = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Rendered content as the element's `content` attribute carries it (`version`: the drive's, absent in an attribute written before it was kept). */
export interface ElementContent {
  fileId: string;
  version?: number;
  html: string;
}

/**
 * The `content` attribute's value (written by the owner's panel, and by a visitor's element after
 * its check): the file and the version it was rendered for, and the rendering. Apart from
 * elementAttributes.ts, so that the element's first script does not carry it.
 */
export function contentAttributeOf(content: ElementContent): string {
  return JSON.stringify({ fileId: content.fileId, version: content.version, html: content.html });
}

/** The drive version the `content` attribute names, or null (none, or not a version). */
export function readContentVersion(read: AttributeReader): number | null {
  try {
    const value: unknown = JSON.parse(read(ELEMENT_ATTRIBUTES.content) ?? '');
    return isRecord(value) && isContentVersion(value.version) ? value.version : null;
  } catch {
    return null;
  }
}

/** A version as the query carries it: whole decimal digits; null otherwise. */
export function parseContentVersion(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return isContentVersion(value) ? value : null;
}

export interface CheckedContent {
  fileId: string;
  version: number;
  html: string;
}

export type ElementCheckAnswer = { state: 'same' } | { state: 'none' } | { state: 'changed'; content: CheckedContent };

/** Whether `value` is an answer of the check (the server's response schema and the element read it with this rule). */
export function isElementCheckAnswer(value: unknown): value is ElementCheckAnswer {
  if (!isRecord(value)) return false;
  if (value.state === 'same' || value.state === 'none') return true;
  if (value.state !== 'changed' || !isRecord(value.content)) return false;
  const { fileId, version, html } = value.content;
  return isValidFileId(fileId) && isContentVersion(version) && typeof html === 'string';
}
