/**
 * The settings panel's api client: every backend route (spec §2, §7) over the shared transport
 * (transport.ts: query values, time limit, GET cache, error bodies). Drive answers are checked
 * against their schemas here, so a malformed answer becomes an ApiError instead of a crash deeper in.
 * Requests the client can tell are wrong (a file id such as `..`, a page without its widget's id)
 * are refused with a clear message and never sent.
 */
import { refused } from './ApiError';
import { MAX_RESULTS, ROUTES, type RouteName } from './routes';
import {
  FileListSchema,
  PermissionListSchema,
  PermissionSchema,
  AboutSchema,
  NativeContentSchema,
  checkShape,
  type About,
  type FileList,
  type NativeContentAnswer,
  type Permission,
  type PermissionList,
  type Shape,
} from './schemas';
import { createTransport, FORM_CONTENT_TYPE, type RequestOptions, type TransportConfig } from './transport';
import { buildUrl, formEncode } from './url';
import type { PublicRole, UserModel } from '../contract/userModel';
import { namesWidget, NO_COMPONENT_MESSAGE, settingsCalls, type SettingsApi } from './widgetClient';
import { folderQuery } from '../drive/query';
import { invalidFileIdMessage, isValidFileId } from '../contract/fileId';
import { CONNECT_TICKET_FIELD, isConnectTicketText } from '../contract/connectTicket';
import { CONNECT_COMPLETION_FIELD } from '../contract/connectCompletion';

export type { RequestOptions } from './transport';
export type { StoredSettings } from './widgetClient';

export interface ListFilesArgs extends RequestOptions {
  folderId: string;
  pageToken?: string | null;
}

export interface SaveOptions extends RequestOptions {
  /** The revision of the settings the change was made on (0: never saved). */
  revision?: number;
}

export interface ApiClient extends SettingsApi {
  about(options?: RequestOptions): Promise<About>;
  listFiles(args: ListFilesArgs): Promise<FileList>;
  readPermissions(fileId: string, options?: RequestOptions): Promise<PermissionList>;
  insertPermission(fileId: string, role: Exclude<PublicRole, 'none'>, options?: RequestOptions): Promise<Permission>;
  deletePermission(fileId: string, options?: RequestOptions): Promise<void>;
  /** Saves the model on top of `revision`; answers the new revision. A stale revision fails with code 'stale'. */
  save(user: UserModel, options?: SaveOptions): Promise<{ revision: number }>;
  disconnect(options?: RequestOptions): Promise<void>;
  /** The authenticate route is opened in a popup window, not fetched: with a connect ticket and nothing else (no credential in a URL). */
  authenticateUrl(ticket: string): string;
  /** A one-time connect ticket for the authenticate popup (src/contract/connectTicket.ts). */
  connectTicket(options?: RequestOptions): Promise<string>;
  /** Binds the drive the popup was granted, with this panel's credential (src/contract/connectCompletion.ts). */
  completeConnection(completion: string, options?: RequestOptions): Promise<void>;
  /** The owner's rendering of the active file as visitors are to see it (the custom element's `content`). */
  nativeContent(options?: RequestOptions): Promise<NativeContentAnswer>;
  /** Forget every cached GET answer. */
  clearCache(): void;
}

export type ApiClientConfig = TransportConfig;

/** A schema as the transport's parser: its first problem becomes the error's message. */
function bySchema<S extends Shape>(schema: S) {
  return (json: unknown) => {
    const checked = checkShape(schema, json);
    if (checked.ok) return checked.data;
    throw new Error(checked.problem);
  };
}

function checkFileId(route: RouteName, fileId: string): void {
  if (!isValidFileId(fileId)) throw refused(route, 'invalid_file_id', invalidFileIdMessage(fileId));
}

function readTicket(json: unknown): string {
  const ticket = typeof json === 'object' && json !== null ? (json as { ticket?: unknown }).ticket : undefined;
  if (!isConnectTicketText(ticket)) throw new Error('ticket: expected a connect ticket');
  return ticket;
}

function readSavedRevision(json: unknown): { revision: number } {
  const revision = typeof json === 'object' && json !== null ? (json as { revision?: unknown }).revision : undefined;
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 0) throw new Error('revision: expected a whole number');
  return { revision };
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const transport = createTransport(config);
  const { send, forget } = transport;
  const fileParam = (fileId: string) => (url: string) => new URL(url, 'http://x').searchParams.get('fileId') === fileId;

  return {
    ...settingsCalls(transport, config),
    about: (options) => send({ route: 'about', method: 'GET', parse: bySchema(AboutSchema), options }),
    async listFiles({ folderId, pageToken, ...options }) {
      checkFileId('filesList', folderId);
      return send({
        route: 'filesList',
        method: 'GET',
        params: { q: folderQuery(folderId), maxResults: MAX_RESULTS, pageToken: pageToken ?? undefined },
        parse: bySchema(FileListSchema),
        options,
      });
    },
    async readPermissions(fileId, options) {
      checkFileId('permissionsList', fileId);
      return send({ route: 'permissionsList', method: 'GET', params: { fileId, fields: 'items(role, type)' }, parse: bySchema(PermissionListSchema), options });
    },
    async insertPermission(fileId, role, options) {
      checkFileId('permissionsList', fileId);
      const result = await send({
        route: 'permissionsList',
        method: 'POST',
        body: JSON.stringify({ fileId, role, type: 'anyone' }),
        contentType: 'application/json',
        parse: bySchema(PermissionSchema),
        options,
      });
      forget('permissionsList', fileParam(fileId));
      return result;
    },
    async deletePermission(fileId, options) {
      checkFileId('permissionsList', fileId);
      await send({ route: 'permissionsList', method: 'DELETE', params: { fileId, permissionId: 'anyone' }, parse: null, options });
      forget('permissionsList', fileParam(fileId));
    },
    async save(user, { revision = 0, ...options } = {}) {
      if (!namesWidget(config)) throw refused('save', 'missing_component', NO_COMPONENT_MESSAGE);
      if (user.activeFileId !== null && !isValidFileId(user.activeFileId)) {
        throw refused('save', 'invalid_file_id', invalidFileIdMessage(user.activeFileId));
      }
      const result = await send({
        route: 'save',
        method: 'POST',
        body: formEncode({ user: JSON.stringify(user), revision: String(revision) }),
        contentType: FORM_CONTENT_TYPE,
        parse: readSavedRevision,
        options,
      });
      forget('userModel');
      return result;
    },
    async disconnect(options) {
      await send({ route: 'disconnect', method: 'POST', parse: null, options });
      transport.clearCache();
    },
    authenticateUrl: (ticket) => buildUrl((config.routes ?? ROUTES).authenticate, { [CONNECT_TICKET_FIELD]: ticket }),
    connectTicket: (options) => send({ route: 'connectTicket', method: 'POST', parse: readTicket, options }),
    async completeConnection(completion, options) {
      const body = JSON.stringify({ [CONNECT_COMPLETION_FIELD]: completion });
      await send({ route: 'connectComplete', method: 'POST', body, contentType: 'application/json', parse: null, options });
      transport.clearCache();
    },
    nativeContent: (options) => send({ route: 'nativeContent', method: 'GET', parse: bySchema(NativeContentSchema), options }),
    clearCache: () => transport.clearCache(),
  };
}
