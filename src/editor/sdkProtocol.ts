/**
 * The platform's iframe message protocol, as the legacy SDK speaks it (platform-notes: "The
 * messages between SDK and host"). Shared by the stage adapter (frame side) and the stage host.
 * Every message on the wire is a JSON string.
 */

/** Events this project sends or listens to. */
const SDK_EVENTS = ['SETTINGS_UPDATED', 'COMPONENT_DELETED', 'EDIT_MODE_CHANGE'] as const;
export type SdkEventType = (typeof SDK_EVENTS)[number];

/** Further platform events a frame may register for; the stage records them but never fires them. */
const OTHER_PLATFORM_EVENTS = ['SITE_PUBLISHED', 'STYLE_PARAMS_CHANGE', 'DEVICE_TYPE_CHANGED'] as const;

export function isKnownEvent(value: unknown): value is string {
  return typeof value === 'string' && ((SDK_EVENTS as readonly string[]).includes(value) || (OTHER_PLATFORM_EVENTS as readonly string[]).includes(value));
}

/** Call types: frame → host. */
export const CallType = {
  appIsAlive: 'appIsAlive',
  getViewMode: 'getViewMode',
  registerEventListener: 'registerEventListener',
  getSiteTextPresets: 'getSiteTextPresets',
  getSiteColors: 'getSiteColors',
  /** `Settings.triggerSettingsUpdatedEvent`, namespace 'Settings', data {message, compId}. */
  postMessage: 'postMessage',
} as const;

/** Version string the stage adapter puts on its calls. */
export const STAGE_SDK_VERSION = '1.0.0-stage';

/** Frame → host. */
export interface SdkCall {
  intent: 'TPA2';
  callId: number;
  type: string;
  compId: string | null;
  deviceType: string;
  namespace: string;
  version: string;
  data: unknown;
}

/** Host → frame: the answer to one call. */
export interface SdkReply {
  intent: 'TPA_RESPONSE';
  callId: number;
  type: string;
  res: unknown;
  status: boolean;
}

/** Host → frame: an event the frame registered for. */
export interface SdkEvent {
  intent: 'addEventListener';
  eventType: string;
  params: unknown;
}

function parseJsonObject(raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isCallId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** A frame's call, or null for anything that is not a well-formed TPA2 JSON string. */
export function parseSdkCall(raw: unknown): SdkCall | null {
  const m = parseJsonObject(raw);
  if (!m || m.intent !== 'TPA2' || !isCallId(m.callId) || typeof m.type !== 'string') return null;
  return {
    intent: 'TPA2',
    callId: m.callId,
    type: m.type,
    compId: typeof m.compId === 'string' ? m.compId : null,
    deviceType: typeof m.deviceType === 'string' ? m.deviceType : 'desktop',
    namespace: typeof m.namespace === 'string' ? m.namespace : '',
    version: typeof m.version === 'string' ? m.version : '',
    data: m.data,
  };
}

/** A host's reply or event, or null for anything else. */
export function parseHostMessage(raw: unknown): SdkReply | SdkEvent | null {
  const m = parseJsonObject(raw);
  if (!m) return null;
  if (m.intent === 'TPA_RESPONSE' && isCallId(m.callId) && typeof m.type === 'string') {
    return { intent: 'TPA_RESPONSE', callId: m.callId, type: m.type, res: m.res, status: m.status === true };
  }
  if (m.intent === 'addEventListener' && typeof m.eventType === 'string') {
    return { intent: 'addEventListener', eventType: m.eventType, params: m.params };
  }
  return null;
}

export function encodeReply(call: Pick<SdkCall, 'callId' | 'type'>, res: unknown): string {
  const reply: SdkReply = { intent: 'TPA_RESPONSE', callId: call.callId, type: call.type, res, status: true };
  return JSON.stringify(reply);
}

export function encodeEvent(eventType: string, params: unknown): string {
  const event: SdkEvent = { intent: 'addEventListener', eventType, params };
  return JSON.stringify(event);
}

/** An origin a window may be addressed with: an http(s) origin, serialised as browsers do. */
export function isPostableOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
  } catch {
    return false;
  }
}
