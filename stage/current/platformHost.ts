/**
 * The panel's frame hosted as the platform's current editor hosts it: through the platform's own
 * host endpoint (`IFrameHostEndpoint` of `@wix/editor-platform-transport`), which hands the frame
 * the editor's environment: the private API (test/helpers/editorPlatformApi.ts, over the canvas's
 * real element) and the app's id. Tokens come from the fake token-info (mirage/fakeTokenInfo.ts):
 * tokens that carry their own answer, for the mock's app id, or, against the real server
 * (`npm run serve`), for the development app id, which its fake token-info (server/dev) answers too.
 */
import { IFrameHostEndpoint } from '@wix/editor-platform-transport';
import { MOCK_APP_ID, ownerToken } from '../../mirage/fakeTokenInfo';
import { createEditorPlatformApi, type EditorPlatformOptions } from '../../test/helpers/editorPlatformApi';
import { STAGE_SITE_INSTANCE_ID } from './config';
import { DEV_APP_ID } from '../../server/src/devSecret';

/** The app the stage's tokens are issued to: the mock's, or the real server's in development. */
export const STAGE_TOKEN_APP_ID = process.env.STAGE_MOCK_BACKEND === 'true' ? MOCK_APP_ID : DEV_APP_ID;

export type PlatformHostOptions = Omit<EditorPlatformOptions, 'accessToken'>;

const TOKEN_SECONDS = 3600;

/** The owner's token in the editor, renewed by the SDK as it nears its end. */
export function stageToken(): { token: string; expires: string } {
  const now = Date.now();
  return { token: ownerToken(STAGE_SITE_INSTANCE_ID, now, TOKEN_SECONDS, STAGE_TOKEN_APP_ID), expires: new Date(now + TOKEN_SECONDS * 1000).toISOString() };
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
      .then((api) => api.initEnvironment({ privateAPI, applicationPrivateAPI: {}, context: { appDefinitionId: STAGE_TOKEN_APP_ID } }))
      .then(onReady);
  });
}
