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
  DriveFileSchema,
  checkShape,
  type About,
  type DriveFile,
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
import { folderQuery, sharedDriveFolderQuery } from '../drive/query';
import { isResourceKey } from '../contract/resourceKey';
import { invalidFileIdMessage, isValidFileId } from '../contract/fileId';
import { CONNECT_TICKET_FIELD, isConnectTicketText } from '../contract/connectTicket';
import { CONNECT_COMPLETION_FIELD } from '../contract/connectCompletion';
import { PICKER_CHOICE_FIELD, PICKER_LOCALE_FIELD } from '../contract/pickerChoice';

export type { RequestOptions } from './transport';
export type { StoredSettings } from './widgetClient';

export interface ListFilesArgs extends RequestOptions {
  folderId: string;
  /** The shared drive the folder is in; null or absent: My Drive. */
  driveId?: string | null;
  pageToken?: string | null;
}

/** A call about one file: its resource key when it has one (a file shared by link before 2021). */
export interface FileCallOptions extends RequestOptions {
  resourceKey?: string | null;
}

export interface SaveOptions extends RequestOptions {
  /** The revision of the settings the change was made on (0: never saved). */
  revision?: number;
}

export interface ApiClient extends SettingsApi {
  about(options?: RequestOptions): Promise<About>;
  listFiles(args: ListFilesArgs): Promise<FileList>;
  /** The account's shared drives, as folders (src/drive/sharedDrives.ts). */
  listSharedDrives(args: RequestOptions & { pageToken?: string | null }): Promise<FileList>;
  readPermissions(fileId: string, options?: FileCallOptions): Promise<PermissionList>;
  insertPermission(fileId: string, role: Exclude<PublicRole, 'none'>, options?: FileCallOptions): Promise<Permission>;
  deletePermission(fileId: string, options?: FileCallOptions): Promise<void>;
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
  /** Picker mode: the Picker's popup, opened with a connect ticket and the widget's saved locale, nothing else (src/contract/pickerChoice.ts). */
  pickerUrl(ticket: string, locale: string): string;
  /** Picker mode: the file the popup's Picker picked, read by the server with this panel's credential (a folder is refused). */
  choosePicked(fileId: string, options?: RequestOptions): Promise<DriveFile>;
  /** Forget every cached GET answer. */
  clearCache(): void;
}

export type ApiClientConfig = TransportConfig;

/** A schema as the transport's parser: its first problem becomes the error's message. */
const JSON_TYPE = 'application/json';
const pickerBody = (fileId: string): string => JSON.stringify({ [PICKER_CHOICE_FIELD]: fileId });

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

/** The resource key as a query value (absent when the file has none or it is not a key). */
const keyParam = (resourceKey: string | null | undefined) => (isResourceKey(resourceKey) ? resourceKey : undefined);

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
    async listFiles({ folderId, driveId, pageToken, ...options }) {
      checkFileId('filesList', folderId);
      if (driveId) checkFileId('filesList', driveId);
      const where = driveId ? { q: sharedDriveFolderQuery(folderId), driveId } : { q: folderQuery(folderId) };
      return send({
        route: 'filesList',
        method: 'GET',
        params: { ...where, maxResults: MAX_RESULTS, pageToken: pageToken ?? undefined },
        parse: bySchema(FileListSchema),
        options,
      });
    },
    listSharedDrives: ({ pageToken, ...options }) =>
      send({ route: 'sharedDrives', method: 'GET', params: { pageToken: pageToken ?? undefined }, parse: bySchema(FileListSchema), options }),
    async readPermissions(fileId, { resourceKey, ...options } = {}) {
      checkFileId('permissionsList', fileId);
      const params = { fileId, fields: 'items(role, type)', resourceKey: keyParam(resourceKey) };
      return send({ route: 'permissionsList', method: 'GET', params, parse: bySchema(PermissionListSchema), options });
    },
    async insertPermission(fileId, role, { resourceKey, ...options } = {}) {
      checkFileId('permissionsList', fileId);
      const result = await send({
        route: 'permissionsList',
        method: 'POST',
        body: JSON.stringify({ fileId, role, type: 'anyone', resourceKey: keyParam(resourceKey) }),
        contentType: 'application/json',
        parse: bySchema(PermissionSchema),
        options,
      });
      forget('permissionsList', fileParam(fileId));
      return result;
    },
    async deletePermission(fileId, { resourceKey, ...options } = {}) {
      checkFileId('permissionsList', fileId);
      const params = { fileId, permissionId: 'anyone', resourceKey: keyParam(resourceKey) };
      await send({ route: 'permissionsList', method: 'DELETE', params, parse: null, options });
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
    pickerUrl: (ticket, locale) => buildUrl((config.routes ?? ROUTES).picker, { [CONNECT_TICKET_FIELD]: ticket, [PICKER_LOCALE_FIELD]: locale }),
    choosePicked: (fileId, options) =>
      send({ route: 'pickerChoice', method: 'POST', body: pickerBody(fileId), contentType: JSON_TYPE, parse: bySchema(DriveFileSchema), options }),
    clearCache: () => transport.clearCache(),
  };
}
