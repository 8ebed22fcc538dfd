/**
 * What the drive routes do, apart from HTTP: each call runs with the widget's grant (refreshed as
 * needed) and answers in the shapes of `src/api/schemas.ts`. `errorReply` turns every failure into
 * the status and JSON error the routes send, so the panel can tell "connect again" (401
 * `reconnect_required`) from "not connected" (401 `not_connected`) and from a drive that is busy
 * (503 with Retry-After).
 */
import type { About, DriveFile, FileList, Permission, PermissionList } from '#client/api/schemas';
import { folderQuery, sharedDriveFolderQuery } from '#client/drive/query';
import { DriveGrants, NotConnectedError, type GrantKey } from '../oauth/grants';
import { GrantRevokedError, ProviderError } from '../oauth/provider';
import type { DriveClient, FolderRef, ResourceKey, SharedRole } from './driveClient';
import { DriveAnswerError, DriveRequestError } from './errors';
import { UpstreamUnavailableError } from './resilientFetch';

const FOLDER_QUERY = /^trashed = false and \('((?:[^'\\]|\\['\\])*)' in parents or not 'me' in owners\)$/;
const SHARED_DRIVE_FOLDER_QUERY = /^trashed = false and '((?:[^'\\]|\\['\\])*)' in parents$/;

const unquoted = (match: RegExpExecArray | null): string | undefined => match?.[1]?.replace(/\\(['\\])/g, '$1');

/**
 * The folder of a listing query when the query is exactly the panel's (`src/drive/query.ts`), else
 * null. The files route's schema refuses any other query, so none is forwarded to the drive.
 */
export function folderIdFromQuery(q: string): string | null {
  const folderId = unquoted(FOLDER_QUERY.exec(q));
  return folderId && folderQuery(folderId) === q ? folderId : null;
}

/** The folder of a shared drive's listing query when it is exactly the panel's, else null. */
export function sharedFolderIdFromQuery(q: string): string | null {
  const folderId = unquoted(SHARED_DRIVE_FOLDER_QUERY.exec(q));
  return folderId && sharedDriveFolderQuery(folderId) === q ? folderId : null;
}

/** The drive's calls for a widget; their arguments were checked by the routes' schemas (api/routeSchemas.ts). */
export class DriveService {
  constructor(
    private readonly grants: DriveGrants,
    private readonly client: DriveClient,
  ) {}

  async filesList(widget: GrantKey, folder: FolderRef, pageToken: string | null): Promise<FileList> {
    return this.grants.withAccess(widget, (token) => this.client.listFolder(token, folder, pageToken));
  }

  async sharedDrives(widget: GrantKey, pageToken: string | null): Promise<FileList> {
    return this.grants.withAccess(widget, (token) => this.client.listSharedDrives(token, pageToken));
  }

  async permissionsList(widget: GrantKey, fileId: string, resourceKey: ResourceKey = null): Promise<PermissionList> {
    return this.grants.withAccess(widget, (token) => this.client.listPermissions(token, fileId, resourceKey));
  }

  async permissionInsert(widget: GrantKey, fileId: string, role: SharedRole, resourceKey: ResourceKey = null): Promise<Permission> {
    return this.grants.withAccess(widget, (token) => this.client.shareWithAnyone(token, fileId, role, resourceKey));
  }

  /** The panel removes only the public permission (`permissionId=anyone`). */
  async permissionDelete(widget: GrantKey, fileId: string, resourceKey: ResourceKey = null): Promise<void> {
    return this.grants.withAccess(widget, (token) => this.client.unshareFromAnyone(token, fileId, resourceKey));
  }

  /** The file the owner picked (picker mode); the drive answers 404 for a file its grant does not reach. */
  async pickedFile(widget: GrantKey, fileId: string): Promise<DriveFile> {
    return this.grants.withAccess(widget, (token) => this.client.getFile(token, fileId));
  }

  /** A current access token of the widget's grant, for the Picker's page alone (picker mode). */
  async pickerToken(widget: GrantKey): Promise<string> {
    return this.grants.withAccess(widget, async (token) => token);
  }

  async about(widget: GrantKey): Promise<About> {
    return this.grants.withAccess(widget, (token) => this.client.about(token));
  }
}

export interface ErrorReply {
  status: number;
  body: { error: string; message: string };
  headers: Record<string, string>;
}

/** The answer for a failure of the drive routes; null for an error that is a bug (the framework answers 500). */
export function errorReply(error: unknown): ErrorReply | null {
  const reply = (status: number, code: string, message: string, headers: Record<string, string> = {}): ErrorReply => ({
    status,
    body: { error: code, message },
    headers,
  });
  if (error instanceof NotConnectedError) return reply(401, 'not_connected', 'No drive account is connected.');
  if (error instanceof GrantRevokedError) return reply(401, 'reconnect_required', 'Access to the drive has ended: connect it again.');
  if (error instanceof UpstreamUnavailableError) {
    const headers: Record<string, string> = error.retryAfterMs !== null ? { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) } : {};
    return reply(503, 'drive_unavailable', 'The drive is busy or unreachable; try again shortly.', headers);
  }
  if (error instanceof DriveRequestError) {
    if (error.status === 404) return reply(404, 'not_found', 'The drive has no such file.');
    if (error.status === 403) return reply(403, 'drive_forbidden', `The drive refused: ${error.reason}.`);
    if (error.status === 400) return reply(400, 'invalid_request', `The drive refused the request: ${error.reason}.`);
    return reply(502, 'drive_error', error.message);
  }
  if (error instanceof DriveAnswerError || error instanceof ProviderError) return reply(502, 'drive_error', error.message);
  return null;
}
