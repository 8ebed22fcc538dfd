/**
 * The fake drive's file calls for native content: files.get (`version`, `mimeType`,
 * `thumbnailLink`, `resourceKey`, `driveId`, or the content with `alt=media`), files.export
 * (`text/html` of a document, `application/zip` of a spreadsheet: sheetExports.ts, `application/pdf`
 * of a presentation; a PDF file's `alt=media` is exports/pdf's price list), the Sheets
 * API's `spreadsheets.get`, each reaching a file as access.ts says (shared drives, resource keys), and the
 * image and thumbnail endpoints. An export's images are signed URLs anyone may fetch; a thumbnail
 * only with a valid access token, unless the file is shared publicly (a file shared with anyone who
 * has the link still needs the token), as Google's definitions say of
 * `thumbnailLink`: "If the file isn't shared publicly, [it] must be fetched using a credentialed
 * request". A file's version starts at 1 and goes up with `touch` (an edit);
 * `remove` makes the file answer 404, as a deleted file does. An export over the drive's 10 MB limit
 * is refused as the drive refuses it (403 `exportSizeLimitExceeded`). A test may `replace` what one
 * file answers (its export or its content), sent as it is, with no limit: a drive answering more
 * than it should, or markup no real document has.
 */
import { MAX_EXPORT_BYTES } from '#client/contract/issues';
import { isNativeMime } from '../../../mirage/drive';
import { findFile, isReply, type CallerScope } from './access';
import { exportOf, exportsDir, pdfOf, pngOf, slidesPdfOf, textOf } from './exports';
import { SPREADSHEET, spreadsheetProperties, spreadsheetZip } from './sheetExports';
import { driveError, withFields, type Reply } from './replies';

const DOCUMENT = 'application/vnd.google-apps.document';
const PRESENTATION = 'application/vnd.google-apps.presentation';
const PDF = 'application/pdf';

export class FakeFileContent {
  private readonly versions = new Map<string, number>();
  private readonly removed = new Set<string>();
  private readonly replaced = new Map<string, string | Buffer>();
  /** Exports found over the limit (by file and image base): refused at once after, as the drive refuses them (building one takes the test process seconds under load). */
  private readonly tooLarge = new Set<string>();

  constructor(
    private readonly baseUrl: () => string,
    /** Whether the file is shared publicly (not only with whoever has the link): its thumbnail then needs no token. */
    private readonly isPublic: (fileId: string) => boolean,
  ) {}

  version(fileId: string): number {
    return this.versions.get(fileId) ?? 1;
  }

  /** The file was edited: its version goes up. */
  touch(fileId: string): void {
    this.versions.set(fileId, this.version(fileId) + 1);
  }

  remove(fileId: string): void {
    this.removed.add(fileId);
  }

  /** From now on the file's export (a document) or content (any other file) is `body`, as it is. */
  replace(fileId: string, body: string | Buffer): void {
    this.replaced.set(fileId, body);
  }

  get(fileId: string, query: URLSearchParams, scope: CallerScope): Reply {
    const record = findFile(fileId, scope, this.removed);
    if (isReply(record)) return record;
    if (query.get('alt') === 'media') {
      if (isNativeMime(record.mimeType))
        return driveError(403, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.');
      const replaced = this.replaced.get(fileId);
      if (record.mimeType === PDF) return { status: 200, body: replaced ?? pdfOf(), headers: { 'Content-Type': PDF } };
      const text = replaced ?? textOf(record.title);
      return { status: 200, body: text, headers: { 'Content-Type': `${record.mimeType}; charset=utf-8` } };
    }
    const body = {
      kind: 'drive#file',
      id: record.id,
      title: record.title,
      mimeType: record.mimeType,
      modifiedDate: record.modifiedDate,
      ...(record.owners.length === 0 ? {} : { owners: record.owners.map((owner) => ({ ...owner })) }),
      ...(record.fileSize === undefined ? {} : { fileSize: record.fileSize }),
      version: String(this.version(fileId)),
      thumbnailLink: `${this.baseUrl()}/thumbnails/${encodeURIComponent(fileId)}=s220`,
      ...(record.resourceKey === undefined ? {} : { resourceKey: record.resourceKey }),
      ...(record.driveId === undefined ? {} : { driveId: record.driveId }),
    };
    return withFields(body, query.get('fields'));
  }

  export(fileId: string, query: URLSearchParams, scope: CallerScope): Reply {
    // files.export takes no supportsAllDrives (build/v2.d.ts): a shared drive's file exports all the same.
    const record = findFile(fileId, { ...scope, supportsAllDrives: true }, this.removed);
    if (isReply(record)) return record;
    const asked = query.get('mimeType');
    if (record.mimeType === SPREADSHEET && asked === 'application/zip') return this.spreadsheetExport(fileId);
    if (record.mimeType === PRESENTATION && asked === PDF) return this.presentationExport(fileId);
    if (record.mimeType !== DOCUMENT || asked !== 'text/html') {
      return driveError(403, 'exportNotSupported', 'Export only supports Docs Editors files.');
    }
    const replaced = this.replaced.get(fileId);
    if (replaced !== undefined) return { status: 200, body: replaced };
    const imageBase = `${this.baseUrl()}/images`;
    const refusal = () => driveError(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.');
    if (this.tooLarge.has(`${fileId}\n${imageBase}`)) return refusal();
    const body = exportOf(fileId, imageBase);
    if (Buffer.byteLength(body) <= MAX_EXPORT_BYTES) return { status: 200, body };
    this.tooLarge.add(`${fileId}\n${imageBase}`);
    return refusal();
  }

  /** A spreadsheet's zipped HTML export (or what a test put in its place), refused over the drive's 10 MB limit as the drive refuses it. */
  private spreadsheetExport(fileId: string): Reply {
    const body = this.replaced.get(fileId) ?? spreadsheetZip(exportsDir());
    if (Buffer.byteLength(body) > MAX_EXPORT_BYTES) return driveError(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.');
    return { status: 200, body, headers: { 'Content-Type': 'application/zip' } };
  }

  /** A presentation's PDF export (or what a test put in its place), refused over the drive's 10 MB limit as the drive refuses it. */
  private presentationExport(fileId: string): Reply {
    const body = this.replaced.get(fileId) ?? slidesPdfOf();
    if (Buffer.byteLength(body) > MAX_EXPORT_BYTES) return driveError(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.');
    return { status: 200, body, headers: { 'Content-Type': PDF } };
  }

  /** The Sheets API's `spreadsheets.get` (`/v4/spreadsheets/<id>`): the sheets' properties of a spreadsheet the caller reaches. */
  spreadsheet(fileId: string, scope: CallerScope): Reply {
    const record = findFile(fileId, { ...scope, supportsAllDrives: true }, this.removed);
    if (isReply(record)) return { status: 404, body: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } } };
    if (record.mimeType !== SPREADSHEET) {
      return { status: 400, body: { error: { code: 400, message: 'This operation is not supported for this document', status: 'FAILED_PRECONDITION' } } };
    }
    return { status: 200, body: spreadsheetProperties(exportsDir(), fileId) };
  }

  /**
   * `/images/<name>.png` (an export's images: signed, anyone may fetch them) and
   * `/thumbnails/<id>=s<size>` (only with a valid token that reaches the file, `tokenReaches`, unless the file is shared publicly).
   */
  image(path: string, tokenReaches: (fileId: string) => boolean): Reply | null {
    const image = /^\/images\/([\w%.-]+)\.png$/.exec(path);
    if (image) return png(pngOf(160, 100, image[1] ?? ''));
    const thumbnail = /^\/thumbnails\/([\w%.-]+)=s(\d{1,4})$/.exec(path);
    if (!thumbnail) return null;
    const fileId = decodeURIComponent(thumbnail[1] ?? '');
    if (!tokenReaches(fileId) && !this.isPublic(fileId)) {
      return { status: 403, body: 'Your client does not have permission to get this URL.', headers: { 'Content-Type': 'text/plain; charset=utf-8' } };
    }
    const size = Math.min(1600, Math.max(16, Number(thumbnail[2])));
    return png(pngOf(size, Math.round((size * 2) / 3), thumbnail[1] ?? ''));
  }
}

function png(bytes: Buffer): Reply {
  return { status: 200, body: bytes, headers: { 'Content-Type': 'image/png' } };
}
