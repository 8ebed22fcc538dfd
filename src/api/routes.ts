import { ELEMENT_CONTENT_PATH } from '../contract/elementContent';

/**
 * Every backend route in one table (spec §2, §7). Templates may already hold a query string:
 * the api client then appends further parameters with '&'.
 * `userModel` and `about` are read routes the spec implies (the user model when the page has no
 * embedded template; the account details of the connected account).
 */
export const ROUTES = {
  userModel: '/api/user',
  about: '/api/about',
  filesList: '/api/files',
  /** The account's shared drives, as the folders the panel lists under "Shared drives" (src/drive/sharedDrives.ts). */
  sharedDrives: '/api/drives',
  permissionsList: '/api/permissions',
  save: '/api/save',
  authenticate: '/api/authenticate',
  /** The panel asks for a one-time ticket for the authenticate popup (src/contract/connectTicket.ts). */
  connectTicket: '/api/connect-ticket',
  /** The panel binds the drive its popup was granted, with its own credential (src/contract/connectCompletion.ts). */
  connectComplete: '/api/connect-complete',
  disconnect: '/api/disconnect',
  /** Picker mode: the popup holding the provider's Picker, opened with a connect ticket alone (src/contract/pickerChoice.ts). */
  picker: '/api/picker',
  /** Picker mode: the panel reports the file its popup's Picker picked, with its own credential. */
  pickerChoice: '/api/picker-choice',
  /** The owner's panel: the rendering of the active file that visitors are to see (the element's `content`, issue 20). */
  nativeContent: '/api/content',
  /** The custom element: the rendering its `content` attribute names. Public, so under /content/ with the images, not /api/ (src/contract/elementContent.ts). */
  elementContent: ELEMENT_CONTENT_PATH,
  delete: '/api/settings',
} as const;

export type RouteName = keyof typeof ROUTES;
export type RouteTable = Record<RouteName, string>;

/** The route table of a server at `base` (an origin): the custom element's page is the site's, our server another origin. */
export const routesAt = (base: string): RouteTable => Object.fromEntries(Object.entries(ROUTES).map(([name, path]) => [name, base + path])) as RouteTable;

/** Page size of a file listing (spec §9). */
export const MAX_RESULTS = 50;

/** Time limit of every request, in ms: a request with no answer by then fails as a time-out. */
export const REQUEST_TIMEOUT_MS = 15_000;
