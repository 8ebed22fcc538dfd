/**
 * The drive's v2 REST API as the panel needs it, called with `fetch` (no client library: the
 * provider's current Node library needs Node 22, and six calls do not need one; its Node 20 version
 * checks the fake drive, server/test/fakeDrive/googleClient.test.ts). Every call asks only for
 * the fields the panel shows (`fields=`), goes through `resilientFetch` (timeout, retries with
 * backoff and Retry-After), and its answer is checked and trimmed by the same schemas the browser's
 * api client uses (`src/api/schemas.ts`), so the browser receives exactly those shapes. Calls about
 * a file say they support shared drives (`supportsAllDrives=true`) and carry the file's resource
 * key when it has one (`X-Goog-Drive-Resource-Keys`); a shared drive's folder is listed from that
 * drive (`corpora=drive`, `driveId`, `includeItemsFromAllDrives=true`).
 */
import { MAX_RESULTS } from '#client/api/routes';
import {
  AboutSchema,
  DriveFileSchema,
  type DriveFile,
  checkShape,
  FileListSchema,
  PermissionListSchema,
  PermissionSchema,
  SharedDriveListSchema,
  type About,
  type FileList,
  type Permission,
  type PermissionList,
  type Shape,
} from '#client/api/schemas';
import { FOLDER_MIME } from '#client/drive/rules';
import { folderQuery, sharedDriveFolderQuery } from '#client/drive/query';
import { isResourceKey, RESOURCE_KEYS_HEADER, resourceKeyHeader } from '#client/contract/resourceKey';
import { DriveAnswerError, DriveAuthError, DriveRequestError } from './errors';
import { errorReasons, resilientFetch, type CallOptions } from './resilientFetch';

export const FILE_LIST_FIELDS =
  'nextPageToken,items(id,title,mimeType,modifiedDate,owners(displayName,emailAddress,isAuthenticatedUser),fileSize,iconLink,resourceKey,driveId)';
/** One file's fields, as a listing's items have them. */
export const FILE_FIELDS = 'id,title,mimeType,modifiedDate,owners(displayName,emailAddress,isAuthenticatedUser),fileSize,iconLink,resourceKey,driveId';
export const DRIVE_LIST_FIELDS = 'nextPageToken,items(id,name)';
export const PERMISSION_LIST_FIELDS = 'items(id,role,type)';
export const PERMISSION_FIELDS = 'id,role,type';
export const ABOUT_FIELDS = 'user(displayName,emailAddress,picture)';
/**
 * Folders first, then by title in natural order ("Invoice 2" before "Invoice 10"), as the panel
 * sorts (its collator is numeric): the pages come in the order the panel shows, so a later page
 * adds rows below the ones already shown. The drive's `title` is code-unit order.
 */
export const LIST_ORDER = 'folder,title_natural';

/** A folder to list: in My Drive (`driveId` null) or in the shared drive `driveId`. */
export interface FolderRef {
  folderId: string;
  driveId: string | null;
}

/** The resource key a file shared by link before 2021 needs on every call about it; null for others. */
export type ResourceKey = string | null;

export type SharedRole = 'reader' | 'writer';

export interface DriveClient {
  listFolder(accessToken: string, folder: FolderRef, pageToken: string | null): Promise<FileList>;
  /** The shared drives of the account, as folders (their top folders). */
  listSharedDrives(accessToken: string, pageToken: string | null): Promise<FileList>;
  listPermissions(accessToken: string, fileId: string, resourceKey?: ResourceKey): Promise<PermissionList>;
  /** Anyone with the link may read (or write). Replaces an earlier public role. */
  shareWithAnyone(accessToken: string, fileId: string, role: SharedRole, resourceKey?: ResourceKey): Promise<Permission>;
  /** Removes every public permission of the file (none left is not an error). */
  unshareFromAnyone(accessToken: string, fileId: string, resourceKey?: ResourceKey): Promise<void>;
  about(accessToken: string): Promise<About>;
  /** One file, in a listing item's shape (picker mode: the file the owner picked). */
  getFile(accessToken: string, fileId: string): Promise<DriveFile>;
}

export interface DriveClientConfig {
  /** e.g. https://www.googleapis.com/drive/v2 */
  baseUrl: string;
  http?: CallOptions;
}

interface DriveCall {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  params?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The file the call is about, with its resource key when it has one. */
  file?: { id: string; resourceKey?: ResourceKey };
}

/** The header a call about a file with a resource key carries (none for a key the contract refuses). */
export function resourceKeyHeaders(fileId: string, resourceKey: ResourceKey | undefined): Record<string, string> {
  return isResourceKey(resourceKey) ? { [RESOURCE_KEYS_HEADER]: resourceKeyHeader(fileId, resourceKey) } : {};
}

/** The listing parameters of a folder: My Drive's query, or a shared drive's query asked of that drive. */
function listingParams(folder: FolderRef): Record<string, string> {
  if (folder.driveId === null) return { q: folderQuery(folder.folderId), supportsAllDrives: 'true' };
  return {
    q: sharedDriveFolderQuery(folder.folderId),
    corpora: 'drive',
    driveId: folder.driveId,
    includeItemsFromAllDrives: 'true',
    supportsAllDrives: 'true',
  };
}

function describeFailure(status: number, body: unknown): string {
  const reasons = errorReasons(body);
  return reasons[0] ?? (status === 404 ? 'notFound' : `http${status}`);
}

export function createDriveClient(config: DriveClientConfig): DriveClient {
  const base = config.baseUrl.replace(/\/+$/, '');

  async function call(accessToken: string, spec: DriveCall): Promise<unknown> {
    const url = new URL(base + spec.path);
    for (const [name, value] of Object.entries(spec.params ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      ...(spec.file ? resourceKeyHeaders(spec.file.id, spec.file.resourceKey) : {}),
    };
    if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await resilientFetch(
      url.toString(),
      { method: spec.method, headers, body: spec.body === undefined ? undefined : JSON.stringify(spec.body) },
      config.http,
    );
    let body: unknown = null;
    if (response.status !== 204) {
      const text = await response.text();
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        if (response.ok) throw new DriveAnswerError(`The drive answered ${spec.method} ${spec.path} with something that is not JSON.`);
      }
    }
    if (response.status === 401) throw new DriveAuthError();
    if (!response.ok) {
      const reason = describeFailure(response.status, body);
      throw new DriveRequestError(`The drive answered ${response.status} (${reason}).`, response.status, reason);
    }
    return body;
  }

  function shaped<S extends Shape>(schema: S, body: unknown, what: string) {
    const checked = checkShape(schema, body);
    if (!checked.ok) throw new DriveAnswerError(`The drive's ${what} answer is not as expected (${checked.problem}).`);
    return checked.data;
  }

  const filePath = (fileId: string) => `/files/${encodeURIComponent(fileId)}`;

  async function listPermissions(accessToken: string, fileId: string, resourceKey: ResourceKey = null): Promise<PermissionList> {
    const body = await call(accessToken, {
      method: 'GET',
      path: `${filePath(fileId)}/permissions`,
      params: { fields: PERMISSION_LIST_FIELDS, supportsAllDrives: 'true' },
      file: { id: fileId, resourceKey },
    });
    return shaped(PermissionListSchema, body, 'permission list');
  }

  const page = (list: FileList): FileList => (list.nextPageToken ? list : { items: list.items });

  return {
    async listFolder(accessToken, folder, pageToken) {
      const body = await call(accessToken, {
        method: 'GET',
        path: '/files',
        params: { ...listingParams(folder), maxResults: MAX_RESULTS, orderBy: LIST_ORDER, pageToken: pageToken ?? undefined, fields: FILE_LIST_FIELDS },
      });
      return page(shaped(FileListSchema, body, 'file list'));
    },
    async listSharedDrives(accessToken, pageToken) {
      const body = await call(accessToken, {
        method: 'GET',
        path: '/drives',
        params: { maxResults: MAX_RESULTS, pageToken: pageToken ?? undefined, fields: DRIVE_LIST_FIELDS },
      });
      const drives = shaped(SharedDriveListSchema, body, 'shared drive list');
      return page({ items: drives.items.map((d) => ({ id: d.id, title: d.name, mimeType: FOLDER_MIME })), nextPageToken: drives.nextPageToken });
    },
    listPermissions,
    async shareWithAnyone(accessToken, fileId, role, resourceKey = null) {
      const body = await call(accessToken, {
        method: 'POST',
        path: `${filePath(fileId)}/permissions`,
        params: { fields: PERMISSION_FIELDS, supportsAllDrives: 'true' },
        body: { role, type: 'anyone', withLink: true },
        file: { id: fileId, resourceKey },
      });
      return shaped(PermissionSchema, body, 'permission');
    },
    async unshareFromAnyone(accessToken, fileId, resourceKey = null) {
      const { items } = await listPermissions(accessToken, fileId, resourceKey);
      for (const permission of items) {
        if (permission.type !== 'anyone' || !permission.id) continue;
        try {
          await call(accessToken, {
            method: 'DELETE',
            path: `${filePath(fileId)}/permissions/${encodeURIComponent(permission.id)}`,
            params: { supportsAllDrives: 'true' },
            file: { id: fileId, resourceKey },
          });
        } catch (error) {
          // Already gone: the file is private, which is what was asked.
          if (!(error instanceof DriveRequestError && error.status === 404)) throw error;
        }
      }
    },
    async getFile(accessToken, fileId) {
      const body = await call(accessToken, { method: 'GET', path: filePath(fileId), params: { fields: FILE_FIELDS, supportsAllDrives: 'true' } });
      return shaped(DriveFileSchema, body, 'file');
    },
    async about(accessToken) {
      const body = await call(accessToken, { method: 'GET', path: '/about', params: { fields: ABOUT_FIELDS } });
      return shaped(AboutSchema, body, 'about');
    },
  };
}
