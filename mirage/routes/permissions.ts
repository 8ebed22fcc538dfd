/**
 * Permissions routes: a file's permissions, making it public (reader or writer) and private again.
 * A file shared by link before 2021 is reached only with its resource key (`resourceKey`, in the
 * query or the body), as the server's drive answers: 404 without it.
 */
import type { Permission, PermissionList } from '../../src/api/schemas';
import { getDrive } from '../drive';
import { forbidden, json, noContent, driveDenied, notFound, readJsonBody, type Context, type Reply } from '../http';
import type { AnyoneRole, MockState } from '../state';

export function anyoneRole(state: MockState, fileId: string): AnyoneRole | null {
  if (Object.prototype.hasOwnProperty.call(state.permissions, fileId)) return state.permissions[fileId] ?? null;
  return getDrive().initialPermissions.get(fileId) ?? null;
}

function setAnyoneRole(state: MockState, fileId: string, role: AnyoneRole | null): void {
  const initial = getDrive().initialPermissions.get(fileId) ?? null;
  if (role === initial) delete state.permissions[fileId];
  else state.permissions[fileId] = role;
}

/** Whether a call with `resourceKey` reaches the file: it exists, and needs no key or has it. */
function reaches(fileId: string, resourceKey: unknown): boolean {
  const record = getDrive().byId.get(fileId);
  if (!record) return false;
  return record.resourceKey === undefined || record.owners.some((o) => o.isAuthenticatedUser) || record.resourceKey === resourceKey;
}

const PERMISSION_FIELDS = ['id', 'role', 'type'] as const;

/** `items(role, type)` (spaces optional) selects fields; anything else gives whole permissions. */
function selectedFields(fields: string | null): ReadonlyArray<(typeof PERMISSION_FIELDS)[number]> {
  const match = /^items\(([^()]*)\)$/.exec((fields ?? '').replace(/\s+/g, ''));
  if (!match) return PERMISSION_FIELDS;
  const wanted = new Set((match[1] ?? '').split(','));
  const chosen = PERMISSION_FIELDS.filter((f) => wanted.has(f));
  return chosen.length > 0 ? chosen : PERMISSION_FIELDS;
}

export function listPermissions(ctx: Context): Reply {
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const fileId = ctx.query.get('fileId');
  if (!fileId) return json(400, { error: 'invalid_request', message: 'fileId is required' });
  if (!reaches(fileId, ctx.query.get('resourceKey'))) return notFound(`File not found: ${fileId}`);

  const all: Required<Permission>[] = [{ id: 'owner', role: 'owner', type: 'user' }];
  const role = anyoneRole(ctx.state, fileId);
  if (role) all.push({ id: 'anyone', role, type: 'anyone' });

  const fields = selectedFields(ctx.query.get('fields'));
  const items = all.map((p) => {
    const item: Partial<Permission> = {};
    for (const f of fields) item[f] = p[f];
    return item;
  });
  return json(200, { items } as PermissionList);
}

export function insertPermission(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const body = readJsonBody(ctx.rawBody);
  if (!body) return json(400, { error: 'invalid_body', message: 'Expected a JSON body {fileId, role, type}' });
  const fileId = typeof body.fileId === 'string' && body.fileId !== '' ? body.fileId : ctx.query.get('fileId');
  if (!fileId) return json(400, { error: 'invalid_permission', message: 'fileId is required' });
  const { role, type } = body;
  if (role !== 'reader' && role !== 'writer') {
    return json(400, { error: 'invalid_permission', message: `role must be 'reader' or 'writer', got ${JSON.stringify(role)}` });
  }
  if (type !== 'anyone') {
    return json(400, { error: 'invalid_permission', message: `type must be 'anyone', got ${JSON.stringify(type)}` });
  }
  if (!reaches(fileId, body.resourceKey)) return notFound(`File not found: ${fileId}`);
  setAnyoneRole(ctx.state, fileId, role);
  ctx.commit();
  const permission: Permission = { id: 'anyone', role, type: 'anyone' };
  return json(200, permission);
}

export function deletePermission(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const fileId = ctx.query.get('fileId');
  const permissionId = ctx.query.get('permissionId');
  if (!fileId || !permissionId) return json(400, { error: 'invalid_request', message: 'fileId and permissionId are required' });
  if (!reaches(fileId, ctx.query.get('resourceKey'))) return notFound(`File not found: ${fileId}`);
  if (permissionId === 'owner') return json(400, { error: 'invalid_permission', message: "The owner's permission cannot be removed" });
  if (permissionId !== 'anyone' || anyoneRole(ctx.state, fileId) === null) {
    return notFound(`Permission not found: ${permissionId}`);
  }
  setAnyoneRole(ctx.state, fileId, null);
  ctx.commit();
  return noContent();
}
