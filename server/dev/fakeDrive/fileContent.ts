/**
 * The fake drive's file calls for native content: files.get (`version`, `mimeType`,
 * `thumbnailLink`, or the content with `alt=media`), files.export (`text/html`), and the public
 * image and thumbnail endpoints. A file's version starts at 1 and goes up with `touch` (an edit);
 * `remove` makes the file answer 404, as a deleted file does. An export over the drive's 10 MB limit
 * is refused as the drive refuses it (403 `exportSizeLimitExceeded`). A test may `replace` what one
 * file answers (its export or its content), sent as it is, with no limit: a drive answering more
 * than it should, or markup no real document has.
 */
import { MAX_EXPORT_BYTES } from '../../../src/contract/issues';
import { getDrive, isNativeMime } from '../../../mirage/drive';
import { driveError, type Reply } from './driveApi';
import { exportOf, pngOf, textOf } from './exports';
import { applyFields, parseFields } from './fields';

const DOCUMENT = 'application/vnd.google-apps.document';

export class FakeFileContent {
  private readonly versions = new Map<string, number>();
  private readonly removed = new Set<string>();
  private readonly replaced = new Map<string, string>();
  /** Exports found over the limit (by file and image base): refused at once after, as the drive refuses them (building one takes the test process seconds under load). */
  private readonly tooLarge = new Set<string>();

  constructor(private readonly baseUrl: () => string) {}

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
  replace(fileId: string, body: string): void {
    this.replaced.set(fileId, body);
  }

  private record(fileId: string) {
    const record = getDrive().byId.get(fileId);
    return record && !this.removed.has(fileId) ? record : null;
  }

  get(fileId: string, query: URLSearchParams): Reply {
    const record = this.record(fileId);
    if (!record) return driveError(404, 'notFound', `File not found: ${fileId}`, { location: 'fileId' });
    if (query.get('alt') === 'media') {
      if (isNativeMime(record.mimeType))
        return driveError(403, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.');
      const text = this.replaced.get(fileId) ?? textOf(record.title);
      return { status: 200, body: text, headers: { 'Content-Type': `${record.mimeType}; charset=utf-8` } };
    }
    const body = {
      kind: 'drive#file',
      id: record.id,
      title: record.title,
      mimeType: record.mimeType,
      version: String(this.version(fileId)),
      thumbnailLink: `${this.baseUrl()}/thumbnails/${encodeURIComponent(fileId)}=s220`,
    };
    const fields = query.get('fields');
    return { status: 200, body: fields ? applyFields(body, parseFields(fields)) : body };
  }

  export(fileId: string, query: URLSearchParams): Reply {
    const record = this.record(fileId);
    if (!record) return driveError(404, 'notFound', `File not found: ${fileId}`, { location: 'fileId' });
    if (record.mimeType !== DOCUMENT || query.get('mimeType') !== 'text/html') {
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

  /** `/images/<name>.png` and `/thumbnails/<id>=s<size>`: public, as the drive's signed image URLs are. */
  image(path: string): Reply | null {
    const image = /^\/images\/([\w%.-]+)\.png$/.exec(path);
    if (image) return png(pngOf(160, 100, image[1] ?? ''));
    const thumbnail = /^\/thumbnails\/([\w%.-]+)=s(\d{1,4})$/.exec(path);
    if (!thumbnail) return null;
    const size = Math.min(1600, Math.max(16, Number(thumbnail[2])));
    return png(pngOf(size, Math.round((size * 2) / 3), thumbnail[1] ?? ''));
  }
}

function png(bytes: Buffer): Reply {
  return { status: 200, body: bytes, headers: { 'Content-Type': 'image/png' } };
}
