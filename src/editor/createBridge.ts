/**
 * Picks the EditorBridge for the page it runs in. Create one bridge per page and share it: the
 * stage bridge announces the frame to its host when it is created.
 */
import type { EditorBridge } from './EditorBridge';
import { createStandaloneBridge } from './standaloneBridge';
import { createWixBridge, type WixSdk } from './wixAdapter';

type MaybeWixWindow = Window & { Wix?: WixSdk };

/**
 * - the platform's SDK (`win.Wix`) when it is loaded;
 * - the local stage protocol when the page is framed;
 * - otherwise a standalone bridge (view mode 'standalone', default styles).
 *
 * The SDK's and the standalone bridge are made at once, in this call (the promise is already
 * settled). The stage's adapter is a chunk of its own, fetched only for a framed page without the
 * SDK: the shipped pages, which run with the SDK, never download it. If it cannot be fetched, or
 * the host cannot be addressed, the page runs standalone and says so in the console.
 */
export function createEditorBridge(win: Window = window): Promise<EditorBridge> {
  const wix = (win as MaybeWixWindow).Wix;
  if (wix) return Promise.resolve(createWixBridge(wix));
  const standalone = (): EditorBridge => createStandaloneBridge({ locale: new URLSearchParams(win.location.search).get('locale') ?? undefined });
  if (!win.parent || win.parent === win) return Promise.resolve(standalone());
  return import(/* webpackChunkName: "editor-stage" */ './stageAdapter').then(
    ({ createStageBridge }) => {
      try {
        return createStageBridge(win);
      } catch (error) {
        // A framed page without an addressable origin (file://, sandboxed): nobody to talk to safely.
        console.warn('Editor bridge: cannot talk to the host page, running standalone.', error);
        return standalone();
      }
    },
    (error: unknown) => {
      console.warn('Editor bridge: the stage adapter could not be loaded, running standalone.', error);
      return standalone();
    },
  );
}
