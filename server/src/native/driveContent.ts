/**
 * The drive's calls for native content (issue 20), with the owner's token: a file's `version`,
 * type and thumbnail link (files.get), a document's HTML export (files.export, at most 10 MB), a
 * text file's content (alt=media, at most 1 MB), a PDF's bytes (alt=media, at most 20 MB), a
 * presentation's PDF export (at most 10 MB), and images (the export's and the thumbnails),
 * fetched only from the drive's image hosts and kept only when they are PNG, JPEG, GIF or WebP.
 * Calls about a file support shared drives and carry its resource key when it has one. An image
 * is fetched with the owner's token (a private file's thumbnail needs it: "If the file isn't
 * shared publicly, the URL returned in thumbnailLink must be fetched using a credentialed
 * request") only from Google's image servers (`lh<N>.googleusercontent.com`) or the configured
 * drive API's own origin; from any other host, never.
 * Every call has resilientFetch's time limit and retries. A document or text file over its limit
 * (the drive's own refusal of an export over 10 MB, or an answer larger than the limit) is an
 * UnrenderableError: it cannot be shown as part of the page until it changes.
 */
import { MAX_EXPORT_BYTES } from '../render/exportLimits';
import { EXPORT_REFUSED, megabytes } from '#client/contract/issues';
import { UnrenderableError } from '../render/unrenderable';
import type { SheetInfo } from '../render/sheetsJob';
import { DriveAnswerError, DriveAuthError, DriveRequestError } from '../drive/errors';
import { errorReasons, resilientFetch, type CallOptions } from '../drive/resilientFetch';
import { resourceKeyHeaders, type ResourceKey } from '../drive/driveClient';

export const MAX_TEXT_BYTES = 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The largest PDF file shown as part of the page (docs/pdfs.md); a larger one shows in the drive's viewer. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

export interface FileInfo {
  version: number;
  mimeType: string;
  thumbnailLink: string | null;
}

export interface FetchedImage {
  bytes: Buffer;
  contentType: string;
}

export interface DriveContent {
  fileInfo(token: string, fileId: string, resourceKey?: ResourceKey): Promise<FileInfo>;
  exportHtml(token: string, fileId: string, resourceKey?: ResourceKey): Promise<string>;
  downloadText(token: string, fileId: string, resourceKey?: ResourceKey): Promise<string>;
  /** A PDF file's bytes (alt=media, at most MAX_PDF_BYTES). */
  downloadPdf(token: string, fileId: string, resourceKey?: ResourceKey): Promise<Buffer>;
  /** A presentation's PDF export (files.export, `application/pdf`, at most 10 MB). */
  exportPdf(token: string, fileId: string, resourceKey?: ResourceKey): Promise<Buffer>;
  /** A spreadsheet's zipped HTML export (files.export, `application/zip`, at most 10 MB). */
  exportZip(token: string, fileId: string, resourceKey?: ResourceKey): Promise<Buffer>;
  /** A spreadsheet's grid sheets, in order, as the Sheets API describes them (`spreadsheets.get`). */
  sheetsOf(token: string, fileId: string, resourceKey?: ResourceKey): Promise<SheetInfo[]>;
  /**
   * Null when the URL is not one of the drive's image hosts, or the answer is not an image we keep.
   * `token` goes with it only to a host that may have it (mayCarryToken).
   */
  image(url: string, token?: string): Promise<FetchedImage | null>;
}

const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

/** The image type the bytes are, by their signature (never by what the answer says). */
export function imageTypeOf(bytes: Buffer): string | null {
  return SIGNATURES.find(([, matches]) => matches(bytes))?.[0] ?? null;
}

/** The drive's image hosts: https on googleusercontent.com, or the drive's own origin (a fake drive in development). */
export function isDriveImageUrl(raw: string, driveOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:' && (url.hostname === 'googleusercontent.com' || url.hostname.endsWith('.googleusercontent.com'))) return true;
  return url.origin === driveOrigin;
}

const GOOGLE_IMAGE_SERVER = /^lh\d+(-rt)?\.googleusercontent\.com$/;

/**
 * Whether an image URL may carry the owner's token: https on Google's image servers, or the drive
 * API's own origin (a fake drive in development). Other googleusercontent.com hosts serve content
 * of others (scripts, sites): they never get it.
 */
export function mayCarryToken(raw: string, driveOrigin: string): boolean {
  if (!isDriveImageUrl(raw, driveOrigin)) return false;
  const url = new URL(raw);
  return (url.protocol === 'https:' && GOOGLE_IMAGE_SERVER.test(url.hostname)) || url.origin === driveOrigin;
}

/** How much of an answer is taken: `content` (a document's export, a text file) over its limit is unrenderable; any other answer is a drive fault. */
interface Limit {
  bytes: number;
  what: string;
  content?: boolean;
}

const tooLarge = ({ bytes, what, content }: Limit): Error =>
  content
    ? new UnrenderableError('too_large', `The ${what} is larger than ${megabytes(bytes)}.`)
    : new DriveAnswerError(`The drive's ${what} is larger than ${bytes} bytes.`);

async function limitedBody(response: Response, limit: Limit): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit.bytes) throw tooLarge(limit);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > limit.bytes) throw tooLarge(limit);
  return bytes;
}

/** The drive's refusal of an export over its limit (403 exportSizeLimitExceeded), as our own. */
function exportRefusal(error: unknown): unknown {
  // A refusal the drive gives every time for this version: retrying (or another owner's token) cannot help.
  if (error instanceof DriveRequestError && error.reason === 'exportSizeLimitExceeded') {
    return new UnrenderableError('too_large', EXPORT_REFUSED);
  }
  return error;
}

async function failure(response: Response): Promise<Error> {
  if (response.status === 401) return new DriveAuthError();
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // not JSON: the status says enough
  }
  const reason = errorReasons(body)[0] ?? (response.status === 404 ? 'notFound' : `http${response.status}`);
  return new DriveRequestError(`The drive answered ${response.status} (${reason}).`, response.status, reason);
}

/** Google's Sheets API beside Google's drive API; a drive API elsewhere (the fake drive) serves it on its own origin. */
export function sheetsApiUrlFor(driveApiUrl: string): string {
  const origin = new URL(driveApiUrl).origin;
  return origin === 'https://www.googleapis.com' ? 'https://sheets.googleapis.com/v4' : `${origin}/v4`;
}

const SHEET_FIELDS = 'sheets.properties(sheetId,title,index,hidden,sheetType,gridProperties.frozenRowCount)';

/** The grid sheets of a `spreadsheets.get` answer, in order; anything malformed is the drive's fault. */
export function sheetsOfAnswer(body: unknown): SheetInfo[] {
  const sheets = (body as { sheets?: unknown } | null)?.sheets;
  if (!Array.isArray(sheets)) throw new DriveAnswerError('The Sheets API answered no sheets.');
  const found: (SheetInfo & { index: number })[] = [];
  for (const sheet of sheets) {
    const p = (sheet as { properties?: Record<string, unknown> } | null)?.properties;
    if (!p || typeof p.title !== 'string' || !Number.isSafeInteger(p.sheetId))
      throw new DriveAnswerError('The Sheets API answered a sheet without a title or id.');
    if (p.sheetType !== undefined && p.sheetType !== 'GRID') continue;
    const frozen = Number((p.gridProperties as Record<string, unknown> | undefined)?.frozenRowCount ?? 0);
    const index = Number(p.index ?? found.length);
    found.push({
      sheetId: p.sheetId as number,
      title: p.title,
      hidden: p.hidden === true,
      frozenRows: Number.isSafeInteger(frozen) && frozen > 0 ? frozen : 0,
      index,
    });
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...sheet }) => sheet);
}

export function createDriveContent(driveApiUrl: string, http: CallOptions = {}, sheetsApiUrl = sheetsApiUrlFor(driveApiUrl)): DriveContent {
  const base = driveApiUrl.replace(/\/+$/, '');
  const sheetsBase = sheetsApiUrl.replace(/\/+$/, '');
  const driveOrigin = new URL(base).origin;
  const filePath = (fileId: string) => `${base}/files/${encodeURIComponent(fileId)}`;

  async function get(token: string, url: string, limit: Limit, file: { id: string; resourceKey?: ResourceKey }): Promise<Buffer> {
    const headers = { Authorization: `Bearer ${token}`, ...resourceKeyHeaders(file.id, file.resourceKey) };
    const response = await resilientFetch(url, { method: 'GET', headers }, http);
    if (!response.ok) throw await failure(response);
    return limitedBody(response, limit);
  }

  return {
    async fileInfo(token, fileId, resourceKey = null) {
      const url = `${filePath(fileId)}?fields=version,mimeType,thumbnailLink&supportsAllDrives=true`;
      const body = JSON.parse((await get(token, url, { bytes: 65536, what: 'file' }, { id: fileId, resourceKey })).toString('utf8')) as Record<string, unknown>;
      const version = Number(body.version);
      if (!Number.isSafeInteger(version) || version < 0 || typeof body.mimeType !== 'string') {
        throw new DriveAnswerError('The drive answered a file without a version or type.');
      }
      return { version, mimeType: body.mimeType, thumbnailLink: typeof body.thumbnailLink === 'string' ? body.thumbnailLink : null };
    },
    async exportHtml(token, fileId, resourceKey = null) {
      try {
        const url = `${filePath(fileId)}/export?mimeType=text%2Fhtml`;
        return (await get(token, url, { bytes: MAX_EXPORT_BYTES, what: "document's export", content: true }, { id: fileId, resourceKey })).toString('utf8');
      } catch (error) {
        throw exportRefusal(error);
      }
    },
    async exportZip(token, fileId, resourceKey = null) {
      try {
        const url = `${filePath(fileId)}/export?mimeType=application%2Fzip`;
        return await get(token, url, { bytes: MAX_EXPORT_BYTES, what: "spreadsheet's export", content: true }, { id: fileId, resourceKey });
      } catch (error) {
        throw exportRefusal(error);
      }
    },
    async exportPdf(token, fileId, resourceKey = null) {
      try {
        const url = `${filePath(fileId)}/export?mimeType=application%2Fpdf`;
        return await get(token, url, { bytes: MAX_EXPORT_BYTES, what: "presentation's export", content: true }, { id: fileId, resourceKey });
      } catch (error) {
        throw exportRefusal(error);
      }
    },
    async downloadPdf(token, fileId, resourceKey = null) {
      const url = `${filePath(fileId)}?alt=media&supportsAllDrives=true`;
      return get(token, url, { bytes: MAX_PDF_BYTES, what: 'PDF file', content: true }, { id: fileId, resourceKey });
    },
    async sheetsOf(token, fileId, resourceKey = null) {
      const url = `${sheetsBase}/spreadsheets/${encodeURIComponent(fileId)}?fields=${encodeURIComponent(SHEET_FIELDS)}`;
      const body = await get(token, url, { bytes: 1024 * 1024, what: 'spreadsheet' }, { id: fileId, resourceKey });
      return sheetsOfAnswer(JSON.parse(body.toString('utf8')));
    },
    async downloadText(token, fileId, resourceKey = null) {
      const url = `${filePath(fileId)}?alt=media&supportsAllDrives=true`;
      return (await get(token, url, { bytes: MAX_TEXT_BYTES, what: 'text file', content: true }, { id: fileId, resourceKey })).toString('utf8');
    },
    async image(url, token) {
      if (!isDriveImageUrl(url, driveOrigin)) return null;
      // Never redirected: a token must not follow a redirect to another host.
      const headers: Record<string, string> = token !== undefined && mayCarryToken(url, driveOrigin) ? { Authorization: `Bearer ${token}` } : {};
      const response = await resilientFetch(url, { method: 'GET', redirect: 'error', headers }, http);
      if (!response.ok) return null;
      const bytes = await limitedBody(response, { bytes: MAX_IMAGE_BYTES, what: 'image' });
      const contentType = imageTypeOf(bytes);
      return contentType ? { bytes, contentType } : null;
    },
  };
}
