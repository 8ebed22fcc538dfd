/** What native content answers its callers (the widget page, the element's route, the owner's panel), and its not-ready error. */
export interface PageContent {
  html: string;
  version: number;
}

/** What a widget page shows: the version first (its ETag), the HTML only when the page is sent (null: gone meanwhile). */
export interface PageRendering {
  version: number;
  /** Whether visitors may see it (its images are public); else only its owner's page shows it, with its images signed. */
  public: boolean;
  html(): Promise<string | null>;
}

/** What the owner's panel writes into the custom element's `content` attribute. */
export interface ElementContent extends PageContent {
  fileId: string;
}

/** How long the owner's panel waits for the drive and a render before the stored copy (or a retry) answers. */
export const PANEL_RENDER_WAIT_MS = 10_000;

/** No rendering could be had in time, and none is stored: the panel asks again (the render goes on meanwhile), after `retryAfterSeconds` when the server knows when. */
export class ContentNotReadyError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super('The file has no rendering yet.');
    this.name = 'ContentNotReadyError';
  }
}
