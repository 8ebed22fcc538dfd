/**
 * What our server answers the custom element's request for its rendering (elementContent.ts,
 * `ROUTES.elementContent`), and its one rule: read by the server's response schema, Mirage and the
 * element's native chunk. Apart from elementContent.ts: the element's first script, which builds
 * the request, does not carry it.
 */
import { isContentVersion } from './contentVersion';
import { isValidFileId } from './fileId';
import { isRecord } from './record';

/** The stored rendering of a file, at the drive's version. */
export interface FetchedContent {
  fileId: string;
  version: number;
  html: string;
}

export type ElementContentAnswer = { state: 'none' } | { state: 'content'; content: FetchedContent };

/** Whether `value` is an answer of the route (the server's response schema and the element read it with this rule). */
export function isElementContentAnswer(value: unknown): value is ElementContentAnswer {
  if (!isRecord(value)) return false;
  if (value.state === 'none') return true;
  if (value.state !== 'content' || !isRecord(value.content)) return false;
  const { fileId, version, html } = value.content;
  return isValidFileId(fileId) && isContentVersion(version) && typeof html === 'string';
}
