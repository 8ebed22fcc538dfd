/**
 * Picks the EditorBridge for the page it runs in. Create one bridge per page and share it: the
 * stage bridge announces the frame to its host when it is created.
 */
import type { EditorBridge } from './EditorBridge';
import { createStageBridge } from './stageAdapter';
import { createStandaloneBridge } from './standaloneBridge';
import { createWixBridge, type WixSdk } from './wixAdapter';

type MaybeWixWindow = Window & { Wix?: WixSdk };

/**
 * - the platform's SDK (`win.Wix`) when it is loaded;
 * - the local stage protocol when the page is framed;
 * - otherwise a standalone bridge (view mode 'standalone', default styles).
 */
export function createEditorBridge(win: Window = window): EditorBridge {
  const wix = (win as MaybeWixWindow).Wix;
  if (wix) return createWixBridge(wix);
  const locale = new URLSearchParams(win.location.search).get('locale') ?? undefined;
  if (win.parent && win.parent !== win) {
    try {
      return createStageBridge(win);
    } catch (error) {
      // A framed page without an addressable origin (file://, sandboxed): nobody to talk to safely.
      console.warn('Editor bridge: cannot talk to the host page, running standalone.', error);
    }
  }
  return createStandaloneBridge({ locale });
}
