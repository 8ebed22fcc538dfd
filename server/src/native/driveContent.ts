/**
 * The drive's calls for native content (issue 20), with the owner's token: a file's `version`,
 * type and thumbnail link (files.get), a document's HTML export (files.export, at most 10 MB), a
 * text file's content (alt=media, at most 1 MB), and images (the export's and the thumbnails),
 * fetched only from the drive's image hosts and kept only when they are PNG, JPEG, GIF or WebP.
 * Every call has resilientFetch's time limit and retries.
 */
import { MAX_EXPORT_BYTES } from '../render/exportLimits';
import { DriveAnswerError, DriveAuthError, DriveRequestError } from '../drive/errors';
import { errorReasons, resilientFetch, type CallOptions } from '../drive/resilientFetch';

export const MAX_TEXT_BYTES = 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

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
  fileInfo(token: string, fileId: string): Promise<FileInfo>;
  exportHtml(token: string, fileId: string): Promise<string>;
  downloadText(token: string, fileId: string): Promise<string>;
  /** Null when the URL is not one of the drive's image hosts, or the answer is not an image we keep. */
  image(url: string): Promise<FetchedImage | null>;
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

async function limitedBody(response: Response, limit: number, what: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) throw new DriveAnswerError(`The drive's ${what} is larger than ${limit} bytes.`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > limit) throw new DriveAnswerError(`The drive's ${what} is larger than ${limit} bytes.`);
  return bytes;
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

export function createDriveContent(driveApiUrl: string, http: CallOptions = {}): DriveContent {
  const base = driveApiUrl.replace(/\/+$/, '');
  const driveOrigin = new URL(base).origin;
  const filePath = (fileId: string) => `${base}/files/${encodeURIComponent(fileId)}`;

  async function get(token: string, url: string, limit: number, what: string): Promise<Buffer> {
    const response = await resilientFetch(url, { method: 'GET', headers: { Authorization: `Bearer ${token}` } }, http);
    if (!response.ok) throw await failure(response);
    return limitedBody(response, limit, what);
  }

  return {
    async fileInfo(token, fileId) {
      const body = JSON.parse((await get(token, `${filePath(fileId)}?fields=version,mimeType,thumbnailLink`, 65536, 'file')).toString('utf8')) as Record<
        string,
        unknown
      >;
      const version = Number(body.version);
      if (!Number.isSafeInteger(version) || version < 0 || typeof body.mimeType !== 'string') {
        throw new DriveAnswerError('The drive answered a file without a version or type.');
      }
      return { version, mimeType: body.mimeType, thumbnailLink: typeof body.thumbnailLink === 'string' ? body.thumbnailLink : null };
    },
    async exportHtml(token, fileId) {
      return (await get(token, `${filePath(fileId)}/export?mimeType=text%2Fhtml`, MAX_EXPORT_BYTES, 'export')).toString('utf8');
    },
    async downloadText(token, fileId) {
      return (await get(token, `${filePath(fileId)}?alt=media`, MAX_TEXT_BYTES, 'text file')).toString('utf8');
    },
    async image(url) {
      if (!isDriveImageUrl(url, driveOrigin)) return null;
      // No token: the drive's image URLs are signed; a token never goes to an image host.
      const response = await resilientFetch(url, { method: 'GET', redirect: 'error' }, http);
      if (!response.ok) return null;
      const bytes = await limitedBody(response, MAX_IMAGE_BYTES, 'image');
      const contentType = imageTypeOf(bytes);
      return contentType ? { bytes, contentType } : null;
    },
  };
}
