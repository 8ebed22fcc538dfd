/**
 * The public development secret: the app secret of local runs (`npm run serve`, the local stage,
 * the mock backend), with which the stage signs its development instance. Anyone can read it, so
 * the server uses it only when NODE_ENV is development and refuses to start with it otherwise
 * (config.ts). The stage imports it from here (stage/devInstance.ts).
 */
export const DEV_APP_SECRET = 'drive-file-widget-local-dev-secret';

/** The app id of local runs: the fake token-info (`npm run serve`) issues its tokens to it. */
export const DEV_APP_ID = 'drive-file-widget-local-dev-app';
