/**
 * The fake provider's drive endpoints (v2 names): files.list with `q`, `maxResults`, `pageToken`
 * and `fields`; permissions list / insert / delete; about. The files are the Mirage drive's seed
 * (`mirage/drive.ts`) and `q` is evaluated by the Mirage query parser (`mirage/query.ts`), so the
 * fake and the Mirage backend show the same drive. Answers carry the provider's extra fields
 * (kind, links, labels, parents…) so a proxy that forgets to trim them is caught.
 */
import { createHash } from 'node:crypto';
import { avatarDataUri, getDrive, ME, toApiFile, type DriveRecord } from '../../../mirage/drive';
import { compileQuery, QuerySyntaxError, type QueryableFile } from '../../../mirage/query';
import { applyFields, FieldsSyntaxError, parseFields } from './fields';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type PublicRole = 'reader' | 'writer';
interface PublicPermission {
  role: PublicRole;
  withLink: boolean;
}

export function driveError(status: number, reason: string, message: string, extra: Record<string, string> = {}): Reply {
  return { status, body: { error: { errors: [{ domain: 'global', reason, message, ...extra }], code: status, message } } };
}

const DEFAULT_MAX_RESULTS = 100;

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

function pageToken(offset: number, q: string): string {
  return Buffer.from(JSON.stringify({ o: offset, h: hashOf(q) })).toString('base64url');
}

function readPageToken(token: string, q: string): number | null {
  try {
    const data = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown; h?: unknown };
    return typeof data.o === 'number' && Number.isInteger(data.o) && data.o > 0 && data.h === hashOf(q) ? data.o : null;
  } catch {
    return null;
  }
}

function v2File(record: DriveRecord): Record<string, unknown> {
  const file = toApiFile(record);
  return {
    kind: 'drive#file',
    ...file,
    etag: `"${hashOf(record.id + record.modifiedDate)}"`,
    iconLink: `https://drive-thirdparty.googleusercontent.com/16/type/${record.mimeType}`,
    alternateLink: `https://drive.google.com/file/d/${record.id}/view?usp=drivesdk`,
    embedLink: `https://drive.google.com/file/d/${record.id}/preview?usp=drivesdk`,
    createdDate: record.modifiedDate,
    userPermission: { kind: 'drive#permission', id: 'me', role: file.owners.some((o) => o.isAuthenticatedUser) ? 'owner' : 'reader', type: 'user' },
    parents: file.parents.map((p) => ({ kind: 'drive#parentReference', id: p.id, isRoot: p.id === 'root' })),
  };
}

function withFields(body: unknown, fields: string | null): Reply {
  if (!fields) return { status: 200, body };
  try {
    return { status: 200, body: applyFields(body, parseFields(fields)) };
  } catch (error) {
    if (error instanceof FieldsSyntaxError) return driveError(400, 'invalidParameter', `Invalid field selection ${fields}`, { location: 'fields' });
    throw error;
  }
}

export function listFiles(query: URLSearchParams): Reply {
  const q = query.get('q') ?? '';
  let matches: (file: QueryableFile) => boolean;
  try {
    matches = q.trim() === '' ? () => true : compileQuery(q);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return driveError(400, 'invalid', `Invalid Value: ${error.message}`, { location: 'q' });
    throw error;
  }
  const rawMax = query.get('maxResults');
  const maxResults = rawMax === null ? DEFAULT_MAX_RESULTS : Number(rawMax);
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 1000) {
    return driveError(400, 'invalid', `Invalid value '${rawMax}'. Values must be within the range: [1, 1000]`, { location: 'maxResults' });
  }
  // The seed is already in 'folder,title' order; other orders are not modelled.
  const items = getDrive().files.filter(matches);
  let offset = 0;
  const token = query.get('pageToken');
  if (token) {
    const decoded = readPageToken(token, q);
    if (decoded === null || decoded >= items.length) return driveError(400, 'invalid', 'Invalid Value', { location: 'pageToken' });
    offset = decoded;
  }
  const end = offset + maxResults;
  const body: Record<string, unknown> = { kind: 'drive#fileList', etag: `"${hashOf(q)}"`, items: items.slice(offset, end).map(v2File) };
  if (end < items.length) body.nextPageToken = pageToken(end, q);
  return withFields(body, query.get('fields'));
}

/** The public permissions of files, starting from the seed's. */
export class FakePermissions {
  private readonly changed = new Map<string, PublicPermission | null>();

  publicRole(fileId: string): PublicRole | null {
    return this.current(fileId)?.role ?? null;
  }

  private current(fileId: string): PublicPermission | null {
    if (this.changed.has(fileId)) return this.changed.get(fileId) ?? null;
    const seeded = getDrive().initialPermissions.get(fileId);
    return seeded ? { role: seeded, withLink: true } : null;
  }

  private items(record: DriveRecord): Record<string, unknown>[] {
    const owner = record.owners[0] ?? ME;
    const items: Record<string, unknown>[] = [
      { kind: 'drive#permission', id: hashOf(owner.emailAddress), role: 'owner', type: 'user', name: owner.displayName, emailAddress: owner.emailAddress },
    ];
    const open = this.current(record.id);
    if (open)
      items.push({ kind: 'drive#permission', id: open.withLink ? 'anyoneWithLink' : 'anyone', role: open.role, type: 'anyone', withLink: open.withLink });
    return items;
  }

  list(fileId: string, fields: string | null): Reply {
    const record = getDrive().byId.get(fileId);
    if (!record) return driveError(404, 'notFound', `File not found: ${fileId}`, { location: 'fileId' });
    return withFields({ kind: 'drive#permissionList', items: this.items(record) }, fields);
  }

  insert(fileId: string, body: unknown, fields: string | null): Reply {
    const record = getDrive().byId.get(fileId);
    if (!record) return driveError(404, 'notFound', `File not found: ${fileId}`, { location: 'fileId' });
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (b.role !== 'reader' && b.role !== 'writer') return driveError(400, 'invalid', `Invalid role: ${String(b.role)}`, { location: 'role' });
    if (b.type !== 'anyone') return driveError(400, 'invalid', `Only type "anyone" is modelled, got ${String(b.type)}`, { location: 'type' });
    if (!record.owners.some((o) => o.isAuthenticatedUser)) {
      return driveError(403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for this file.');
    }
    const withLink = b.withLink === true;
    this.changed.set(fileId, { role: b.role, withLink });
    return withFields({ kind: 'drive#permission', id: withLink ? 'anyoneWithLink' : 'anyone', role: b.role, type: 'anyone', withLink }, fields);
  }

  remove(fileId: string, permissionId: string): Reply {
    const record = getDrive().byId.get(fileId);
    if (!record) return driveError(404, 'notFound', `File not found: ${fileId}`, { location: 'fileId' });
    const open = this.current(fileId);
    if (!open || permissionId !== (open.withLink ? 'anyoneWithLink' : 'anyone')) {
      return driveError(404, 'notFound', `Permission not found: ${permissionId}`, { location: 'permissionId' });
    }
    if (!record.owners.some((o) => o.isAuthenticatedUser)) {
      return driveError(403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for this file.');
    }
    this.changed.set(fileId, null);
    return { status: 204 };
  }
}

export function about(fields: string | null): Reply {
  return withFields(
    {
      kind: 'drive#about',
      name: ME.displayName,
      user: {
        kind: 'drive#user',
        displayName: ME.displayName,
        emailAddress: ME.emailAddress,
        isAuthenticatedUser: true,
        permissionId: hashOf(ME.emailAddress),
        picture: { url: avatarDataUri(ME) },
      },
      quotaBytesTotal: '16106127360',
      quotaBytesUsed: '5368709120',
      rootFolderId: 'root',
    },
    fields,
  );
}
