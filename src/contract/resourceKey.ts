/**
 * A drive resource key: what a file shared by link before the drive's 2021 security update needs,
 * besides its id, on every call about it (`X-Goog-Drive-Resource-Keys: <id>/<key>`) and in every
 * link to it (`resourcekey=<key>`). Keys are short runs of URL-safe characters (`0-Hk3x…`); no
 * other text is kept, so a key can go into a header or a query with no escaping.
 */
const RESOURCE_KEY = /^[A-Za-z0-9_.-]{1,200}$/;

export function isResourceKey(value: unknown): value is string {
  return typeof value === 'string' && RESOURCE_KEY.test(value);
}

/** The header value that lets a call reach the file `fileId` shared with the key `resourceKey`. */
export const resourceKeyHeader = (fileId: string, resourceKey: string): string => `${fileId}/${resourceKey}`;

/** The header's name (lower case: how Node and fetch name it). */
export const RESOURCE_KEYS_HEADER = 'x-goog-drive-resource-keys';
