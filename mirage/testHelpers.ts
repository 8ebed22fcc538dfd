/** Helpers for the mock's tests: builds requests the way the app's client does. */
import type { Server } from 'miragejs';
import { encodeInstance } from './instance';
import { folderQuery } from '../src/drive/query';

export interface FrameParams {
  instance: string | null;
  compId: string | null;
  origCompId: string | null;
}

export const WIDGET_COMP_ID = 'comp-kx81r2aq';

export const OWNER_INSTANCE = encodeInstance({
  instanceId: '9f1c2d3e-0000-4a5b-8c7d-123456789abc',
  signDate: '2026-07-20T10:00:00.000Z',
  uid: 'owner-uid',
  permissions: 'OWNER',
  vendorProductId: null,
  demoMode: false,
  siteOwnerId: 'owner-uid',
});

export const VISITOR_INSTANCE = encodeInstance({
  instanceId: '9f1c2d3e-0000-4a5b-8c7d-123456789abc',
  signDate: '2026-07-20T10:00:00.000Z',
  permissions: '',
  aid: 'anonymous-visitor',
  demoMode: false,
});

/** The widget's query string: its own compId, no origCompId. */
export const WIDGET: FrameParams = { instance: OWNER_INSTANCE, compId: WIDGET_COMP_ID, origCompId: null };
/** The settings panel's query string: compId 'tpaSettings', the widget's id as origCompId. */
export const PANEL: FrameParams = { instance: OWNER_INSTANCE, compId: 'tpaSettings', origCompId: WIDGET_COMP_ID };

/** `path?instance=…&compId=…&origCompId=…&extra…`; a null value travels as an empty parameter. */
export function apiUrl(path: string, frame: FrameParams, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  params.set('instance', frame.instance ?? '');
  params.set('compId', frame.compId ?? '');
  params.set('origCompId', frame.origCompId ?? '');
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `${path}?${params.toString()}`;
}

/** The query the client sends for a folder: the client's own builder, so mock and client cannot drift. */
export const clientQuery = folderQuery;

export interface JsonAnswer<T = unknown> {
  status: number;
  body: T;
}

// Tests read answers loosely, field by field; `any` keeps them short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(url: string, init?: RequestInit): Promise<JsonAnswer<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

export interface TrackedRequest {
  url: string;
  method: string;
  status: number;
}

/** Pretender's request tracking (present at run time; its type declarations leave it out). */
export function tracked(server: Server): { handledRequests: TrackedRequest[]; passthroughRequests: TrackedRequest[] } {
  return server.pretender as unknown as { handledRequests: TrackedRequest[]; passthroughRequests: TrackedRequest[] };
}
