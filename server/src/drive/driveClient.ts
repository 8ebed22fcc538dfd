/**
 * The drive's v2 REST API as the panel needs it, called with `fetch` (no client library: the
 * provider's Node library needs Node 22, and five calls do not need one). Every call asks only for
 * the fields the panel shows (`fields=`), goes through `resilientFetch` (timeout, retries with
 * backoff and Retry-After), and its answer is checked and trimmed by the same schemas the browser's
 * api client uses (`src/api/schemas.ts`), so the browser receives exactly those shapes.
 */
import { MAX_RESULTS } from '../../../src/api/routes';
import {
  AboutSchema,
  checkShape,
  FileListSchema,
  PermissionListSchema,
  PermissionSchema,
  type About,
  type FileList,
  type Permission,
  type PermissionList,
  type Shape,
} from '../../../src/api/schemas';
import { folderQuery } from '../../../src/drive/query';
import { DriveAnswerError, DriveAuthError, DriveRequestError } from './errors';
import { errorReasons, resilientFetch, type CallOptions } from './resilientFetch';

export const FILE_LIST_FIELDS = 'nextPageToken,items(id,title,mimeType,modifiedDate,owners(displayName,emailAddress,isAuthenticatedUser),fileSize,iconLink)';
export const PERMISSION_LIST_FIELDS = 'items(id,role,type)';
export const PERMISSION_FIELDS = 'id,role,type';
export const ABOUT_FIELDS = 'user(displayName,emailAddress,picture)';
/** Folders first, then by title: the order the panel's first page should show. */
export const LIST_ORDER = 'folder,title';

export type SharedRole = 'reader' | 'writer';

export interface DriveClient {
  listFolder(accessToken: string, folderId: string, pageToken: string | null): Promise<FileList>;
  listPermissions(accessToken: string, fileId: string): Promise<PermissionList>;
  /** Anyone with the link may read (or write). Replaces an earlier public role. */
  shareWithAnyone(accessToken: string, fileId: string, role: SharedRole): Promise<Permission>;
  /** Removes every public permission of the file (none left is not an error). */
  unshareFromAnyone(accessToken: string, fileId: string): Promise<void>;
  about(accessToken: string): Promise<About>;
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
    const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' };
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

  async function listPermissions(accessToken: string, fileId: string): Promise<PermissionList> {
    const body = await call(accessToken, { method: 'GET', path: `${filePath(fileId)}/permissions`, params: { fields: PERMISSION_LIST_FIELDS } });
    return shaped(PermissionListSchema, body, 'permission list');
  }

  return {
    async listFolder(accessToken, folderId, pageToken) {
      const body = await call(accessToken, {
        method: 'GET',
        path: '/files',
        params: { q: folderQuery(folderId), maxResults: MAX_RESULTS, orderBy: LIST_ORDER, pageToken: pageToken ?? undefined, fields: FILE_LIST_FIELDS },
      });
      const list = shaped(FileListSchema, body, 'file list');
      return list.nextPageToken ? list : { items: list.items };
    },
    listPermissions,
    async shareWithAnyone(accessToken, fileId, role) {
      const body = await call(accessToken, {
        method: 'POST',
        path: `${filePath(fileId)}/permissions`,
        params: { fields: PERMISSION_FIELDS },
        body: { role, type: 'anyone', withLink: true },
      });
      return shaped(PermissionSchema, body, 'permission');
    },
    async unshareFromAnyone(accessToken, fileId) {
      const { items } = await listPermissions(accessToken, fileId);
      for (const permission of items) {
        if (permission.type !== 'anyone' || !permission.id) continue;
        try {
          await call(accessToken, { method: 'DELETE', path: `${filePath(fileId)}/permissions/${encodeURIComponent(permission.id)}` });
        } catch (error) {
          // Already gone: the file is private, which is what was asked.
          if (!(error instanceof DriveRequestError && error.status === 404)) throw error;
        }
      }
    },
    async about(accessToken) {
      const body = await call(accessToken, { method: 'GET', path: '/about', params: { fields: ABOUT_FIELDS } });
      return shaped(AboutSchema, body, 'about');
    },
  };
}
