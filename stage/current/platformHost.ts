/**
 * The panel's frame hosted as the platform's current editor hosts it: through the platform's own
 * host endpoint (`IFrameHostEndpoint` of `@wix/editor-platform-transport`), which hands the frame
 * the editor's environment: the private API (test/helpers/editorPlatformApi.ts, over the canvas's
 * real element) and the app's id. Tokens come from the fake token-info (mirage/fakeTokenInfo.ts).
 */
import { IFrameHostEndpoint } from '@wix/editor-platform-transport';
import { MOCK_APP_ID, ownerToken } from '../../mirage/fakeTokenInfo';
import { createEditorPlatformApi, type EditorPlatformOptions } from '../../test/helpers/editorPlatformApi';
import { STAGE_SITE_INSTANCE_ID } from './config';

export type PlatformHostOptions = Omit<EditorPlatformOptions, 'accessToken'>;

const TOKEN_SECONDS = 3600;

/** The owner's token in the editor, renewed by the SDK as it nears its end. */
export function stageToken(): { token: string; expires: string } {
  const now = Date.now();
  return { token: ownerToken(STAGE_SITE_INSTANCE_ID, now, TOKEN_SECONDS), expires: new Date(now + TOKEN_SECONDS * 1000).toISOString() };
}

interface FrameApi {
  initEnvironment(environment: { privateAPI: unknown; applicationPrivateAPI: unknown; context: { appDefinitionId: string } }): Promise<void>;
}

/** Connects the (not yet loaded) frame: once its page asks, it gets the editor's environment. */
export function hostPanelFrame(iframe: HTMLIFrameElement, options: PlatformHostOptions, onReady: () => void): void {
  const privateAPI = createEditorPlatformApi({ ...options, accessToken: () => stageToken() });
  IFrameHostEndpoint.connect(iframe, (channel) => {
    void channel
      .waitAPI<FrameApi>('PLATFORM_FRAME_API')
      .then((api) => api.initEnvironment({ privateAPI, applicationPrivateAPI: {}, context: { appDefinitionId: MOCK_APP_ID } }))
      .then(onReady);
  });
}
