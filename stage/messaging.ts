/**
 * The host side of the platform's iframe protocol (src/editor/sdkProtocol.ts) for the stage's
 * frames: it answers their calls, records their event registrations and relays "settings updated"
 * from the panel to the widget. Unlike the real platform it checks the source and origin of every
 * message and addresses its frames by origin, never '*'.
 */
import type { SiteColor, SiteTextPresets } from '../src/editor/EditorBridge';
import { CallType, encodeEvent, encodeReply, isKnownEvent, parseSdkCall, type SdkCall, type SdkEventType } from '../src/editor/sdkProtocol';
import { DEFAULT_STYLE_PARAMS } from '../src/editor/siteDefaults';
import { copyColors, copyPresets } from '../src/editor/siteStyles';
import { ROLE_NAME, type StageViewMode } from './config';
import { preview } from './dom';
import type { FrameRecord, FrameSet } from './frames';

export interface MessagingOptions {
  win: Window;
  origin: string;
  frames: FrameSet;
  log(text: string): void;
  presets: SiteTextPresets;
  colors: SiteColor[];
  viewMode(): StageViewMode;
}

export interface FrameMessaging {
  /** Sends the event when the frame registered for it; true when it was sent. */
  sendEvent(record: FrameRecord, eventType: SdkEventType, params: unknown): boolean;
  stop(): void;
}

export function connectFrames(o: MessagingOptions): FrameMessaging {
  const post = (record: FrameRecord, data: string): void => record.iframe.contentWindow?.postMessage(data, o.origin);

  function sendEvent(record: FrameRecord, eventType: SdkEventType, params: unknown): boolean {
    if (!record.events.has(eventType)) return false;
    post(record, encodeEvent(eventType, params));
    return true;
  }

  function register(record: FrameRecord, call: SdkCall): void {
    const from = ROLE_NAME[record.role];
    const eventKey = (call.data as { eventKey?: unknown } | null)?.eventKey;
    if (!isKnownEvent(eventKey)) {
      o.log(`${from}: ignored registration for unknown event ${preview(eventKey)}`);
      return;
    }
    if (!record.events.has(eventKey)) {
      record.events.add(eventKey);
      o.log(`${from} listens to ${eventKey}`);
    }
  }

  function relaySettingsUpdated(record: FrameRecord, call: SdkCall): void {
    const data = call.data as { message?: unknown; compId?: unknown } | null;
    if (record.role !== 'settings' || call.namespace !== 'Settings' || typeof data?.compId !== 'string') {
      o.log(`${ROLE_NAME[record.role]}: ignored a malformed settings update`);
      return;
    }
    const target = data.compId;
    const widgets = o.frames.all().filter((r) => r.role === 'widget' && (target === '*' || r.compId === target));
    const reached = widgets.filter((w) => sendEvent(w, 'SETTINGS_UPDATED', data.message));
    const summary = reached.length > 0 ? `relayed to ${reached.map((w) => w.compId).join(', ')}` : `no widget ${target} is listening`;
    o.log(`SETTINGS_UPDATED ${preview(data.message)}: ${summary}`);
  }

  function handleCall(record: FrameRecord, call: SdkCall): void {
    switch (call.type) {
      case CallType.appIsAlive:
        post(
          record,
          encodeReply(call, { siteColors: copyColors(o.colors), siteTextPresets: copyPresets(o.presets), style: DEFAULT_STYLE_PARAMS, fonts: { cssUrls: [] } }),
        );
        o.log(`${ROLE_NAME[record.role]}: appIsAlive answered`);
        return;
      case CallType.getViewMode:
        post(record, encodeReply(call, { editMode: record.role === 'settings' ? 'editor' : o.viewMode() }));
        return;
      case CallType.getSiteTextPresets:
        post(record, encodeReply(call, copyPresets(o.presets)));
        return;
      case CallType.getSiteColors:
        post(record, encodeReply(call, copyColors(o.colors)));
        return;
      case CallType.registerEventListener:
        register(record, call);
        return;
      case CallType.postMessage:
        relaySettingsUpdated(record, call);
        return;
      default:
        o.log(`${ROLE_NAME[record.role]}: unhandled call ${preview(call.type)}`);
    }
  }

  function onMessage(event: MessageEvent): void {
    const record = o.frames.bySource(event.source);
    if (!record || event.origin !== o.origin) {
      if (parseSdkCall(event.data)) {
        o.log(
          record
            ? `Ignored a call from ${ROLE_NAME[record.role]} with origin ${event.origin || '(none)'}`
            : 'Ignored a call from a window that is not one of the stage’s frames',
        );
      }
      return;
    }
    const call = parseSdkCall(event.data);
    if (call) handleCall(record, call);
  }

  o.win.addEventListener('message', onMessage);
  return { sendEvent, stop: () => o.win.removeEventListener('message', onMessage) };
}
