/**
 * The fake provider's drive endpoints (v2 names): permissions list / insert / delete and about;
 * the listings are in listing.ts. The files are the Mirage drive's seed (`mirage/drive.ts`), so the
 * fake and the Mirage backend show the same drive; a file is reached as access.ts says (shared
 * drives, resource keys). Answers carry the provider's extra fields (kind, links, labels,
 * parents…) so a proxy that forgets to trim them is caught. A shared drive's file lists its
 * organizer (the account) where another file lists its owner.
 */
import { avatarDataUri, getDrive, ME, type DriveRecord } from '../../../mirage/drive';
import { findFile, isReply, ownedByMe, OWNER_SCOPE, type CallerScope } from './access';
import { driveError, hashOf, withFields, type Reply } from './replies';

export { driveError, type Reply } from './replies';
export { listDrives, listFiles } from './listing';

export type PublicRole = 'reader' | 'writer';
interface PublicPermission {
  role: PublicRole;
  withLink: boolean;
}

/** Whether the account may change who a file is shared with: its owner, or an organizer of its shared drive. */
const mayShare = (record: DriveRecord): boolean => record.driveId !== undefined || ownedByMe(record);
const cannotShare = () => driveError(403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for this file.');

/** The public permissions of files, starting from the seed's. */
export class FakePermissions {
  private readonly changed = new Map<string, PublicPermission | null>();

  publicRole(fileId: string): PublicRole | null {
    return this.current(fileId)?.role ?? null;
  }

  /** Shared publicly: anyone may find it, not only whoever has the link. */
  isPublic(fileId: string): boolean {
    return this.current(fileId)?.withLink === false;
  }

  private current(fileId: string): PublicPermission | null {
    if (this.changed.has(fileId)) return this.changed.get(fileId) ?? null;
    const seeded = getDrive().initialPermissions.get(fileId);
    return seeded ? { role: seeded, withLink: true } : null;
  }

  private items(record: DriveRecord): Record<string, unknown>[] {
    const owner = record.owners[0] ?? ME;
    const items: Record<string, unknown>[] = [
      {
        kind: 'drive#permission',
        id: hashOf(owner.emailAddress),
        role: record.driveId ? 'organizer' : 'owner',
        type: 'user',
        name: owner.displayName,
        emailAddress: owner.emailAddress,
      },
    ];
    const open = this.current(record.id);
    if (open)
      items.push({ kind: 'drive#permission', id: open.withLink ? 'anyoneWithLink' : 'anyone', role: open.role, type: 'anyone', withLink: open.withLink });
    return items;
  }

  list(fileId: string, fields: string | null, scope: CallerScope = OWNER_SCOPE): Reply {
    const record = findFile(fileId, scope);
    if (isReply(record)) return record;
    return withFields({ kind: 'drive#permissionList', items: this.items(record) }, fields);
  }

  insert(fileId: string, body: unknown, fields: string | null, scope: CallerScope = OWNER_SCOPE): Reply {
    const record = findFile(fileId, scope);
    if (isReply(record)) return record;
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (b.role !== 'reader' && b.role !== 'writer') return driveError(400, 'invalid', `Invalid role: ${String(b.role)}`, { location: 'role' });
    if (b.type !== 'anyone') return driveError(400, 'invalid', `Only type "anyone" is modelled, got ${String(b.type)}`, { location: 'type' });
    if (!mayShare(record)) return cannotShare();
    const withLink = b.withLink === true;
    this.changed.set(fileId, { role: b.role, withLink });
    return withFields({ kind: 'drive#permission', id: withLink ? 'anyoneWithLink' : 'anyone', role: b.role, type: 'anyone', withLink }, fields);
  }

  /** Removes a public permission; `scope`: the call's reach (the owner on the drive itself when absent). */
  remove(fileId: string, permissionId: string, scope: CallerScope = OWNER_SCOPE): Reply {
    const record = findFile(fileId, scope);
    if (isReply(record)) return record;
    const open = this.current(fileId);
    if (!open || permissionId !== (open.withLink ? 'anyoneWithLink' : 'anyone')) {
      return driveError(404, 'notFound', `Permission not found: ${permissionId}`, { location: 'permissionId' });
    }
    if (!mayShare(record)) return cannotShare();
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
