/**
 * Who may reach a file of the fake drive, as the drive decides it: a shared drive's file only for a
 * caller that says it supports shared drives (`supportsAllDrives=true`), and a file shared by link
 * before the drive's 2021 security update (one with a `resourceKey`) only with its key in
 * `X-Goog-Drive-Resource-Keys` (`<fileId>/<resourceKey>`, comma-separated), unless the caller owns
 * it. A grant of the `drive.file` scope only reaches the files the owner picked for the app with
 * the Picker (picker.ts). Anything else answers 404, as the drive does: the caller is not told the
 * file exists.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { getDrive, RESOURCE_KEYS, type DriveRecord } from '../../../mirage/drive';
import { driveError, type Reply } from './replies';

/** What a drive call says about the files it may reach. */
export interface CallerScope {
  supportsAllDrives: boolean;
  /** file id → resource key, from X-Goog-Drive-Resource-Keys. */
  resourceKeys: ReadonlyMap<string, string>;
  /** With the `drive.file` scope only: the files picked for the app; null with the full drive scope. */
  picked: ReadonlySet<string> | null;
}

export const FULL_DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';
export const FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

/** The files a grant of `scope` reaches: all with the full drive scope, else only those picked (`drive.file`), else none. */
export function pickedLimit(scope: string, picked: ReadonlySet<string>): ReadonlySet<string> | null {
  const scopes = scope.split(/\s+/);
  if (scopes.includes(FULL_DRIVE_SCOPE)) return null;
  return scopes.includes(FILE_SCOPE) ? picked : new Set();
}

/** The owner acting on the drive itself (the fake's control switches): every file is in reach. */
export const OWNER_SCOPE: CallerScope = { supportsAllDrives: true, resourceKeys: new Map(Object.entries(RESOURCE_KEYS)), picked: null };

export function resourceKeysOf(header: string | string[] | undefined): Map<string, string> {
  const keys = new Map<string, string>();
  for (const pair of ([] as string[])
    .concat(header ?? [])
    .join(',')
    .split(',')) {
    const at = pair.trim().indexOf('/');
    if (at > 0) keys.set(pair.trim().slice(0, at), pair.trim().slice(at + 1));
  }
  return keys;
}

/** `picked`: what the caller's grant reaches (pickedLimit). */
export function callerScope(query: URLSearchParams, headers: IncomingHttpHeaders, picked: ReadonlySet<string> | null = null): CallerScope {
  return { supportsAllDrives: query.get('supportsAllDrives') === 'true', resourceKeys: resourceKeysOf(headers['x-goog-drive-resource-keys']), picked };
}

export const ownedByMe = (record: DriveRecord): boolean => record.owners.some((o) => o.isAuthenticatedUser);

/** Whether the caller may reach the file (it exists and is not hidden from this call). */
export function reaches(record: DriveRecord, scope: CallerScope): boolean {
  if (scope.picked !== null && !scope.picked.has(record.id)) return false;
  if (record.driveId !== undefined && !scope.supportsAllDrives) return false;
  if (record.resourceKey !== undefined && !ownedByMe(record) && scope.resourceKeys.get(record.id) !== record.resourceKey) return false;
  return true;
}

export const fileNotFound = (fileId: string): Reply =>
  driveError(404, 'notFound', `File not found: ${fileId}.`, { location: 'fileId', locationType: 'parameter' });

/** The file, or the drive's 404 when it does not exist, was removed, or this call may not reach it. */
export function findFile(fileId: string, scope: CallerScope, removed: ReadonlySet<string> = new Set()): DriveRecord | Reply {
  const record = getDrive().byId.get(fileId);
  return record && !removed.has(fileId) && reaches(record, scope) ? record : fileNotFound(fileId);
}

export const isReply = (value: DriveRecord | Reply): value is Reply => 'status' in value;
