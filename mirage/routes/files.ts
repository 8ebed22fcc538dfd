/**
 * Files routes: the listing, with the drive's query language and page tokens bound to the query,
 * of My Drive's folders or (with `driveId`) of a shared drive's, as the server lists them; and the
 * account's shared drives as folders (`GET /api/drives`).
 */
import { base64UrlDecodeText, base64UrlEncodeText } from '../../src/api/instance';
import type { FileList } from '../../src/api/schemas';
import { getDrive, inListingOrder, SHARED_DRIVES, toApiFile, type ApiFile, type DriveRecord } from '../drive';
import { FOLDER_MIME } from '../../src/drive/rules';
import { isPlainObject, json, driveDenied, type Context, type Reply } from '../http';
import { listingRefused } from './picker';
import { compileQuery, QuerySyntaxError, type QueryableFile } from '../query';

/** Drive v2's page size when maxResults is absent. */
const DEFAULT_MAX_RESULTS = 100;

function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Where a page starts: the offset into the query's files and the page's number (0: the first). */
interface PagePosition {
  offset: number;
  page: number;
}

/** Tokens are opaque to the client: the next page's position, bound to the query they came from. */
function encodePageToken({ offset, page }: PagePosition, q: string): string {
  return base64UrlEncodeText(JSON.stringify({ o: offset, p: page, h: hashText(q) }));
}

function decodePageToken(token: string, q: string): PagePosition | null {
  try {
    const data: unknown = JSON.parse(base64UrlDecodeText(token));
    if (!isPlainObject(data)) return null;
    const { o, p, h } = data;
    if (typeof o !== 'number' || !Number.isInteger(o) || o < 0 || h !== hashText(q)) return null;
    if (typeof p !== 'number' || !Number.isInteger(p) || p <= 0) return null;
    return { offset: o, page: p };
  } catch {
    return null;
  }
}

/** The size of page `page`: the pageSizes switch for a listing's first pages, then maxResults. */
const pageSize = (page: number, maxResults: number, pageSizes: readonly number[]) => Math.min(maxResults, pageSizes[page] ?? maxResults);

/**
 * The files a query matches, kept per query text: the seeded files never change (a query reads
 * only parents, owners and the trashed label), and a folder is read page by page with one query.
 */
const matchingFiles = new Map<string, readonly DriveRecord[]>();

function filesMatching(q: string, driveId: string | null, matches: (file: QueryableFile) => boolean): readonly DriveRecord[] {
  const key = `${driveId ?? ''}\n${q}`;
  let items = matchingFiles.get(key);
  if (!items) {
    if (matchingFiles.size >= 100) matchingFiles.clear();
    // My Drive's listing holds no shared drive's files; a shared drive's holds only its own.
    const inCorpus = (record: DriveRecord) => (record.driveId ?? null) === driveId;
    matchingFiles.set(key, (items = inListingOrder(getDrive().seeded.filter((record) => inCorpus(record) && matches(record)))));
  }
  return items;
}

/** The account's shared drives as folders, all on one page (there are two). */
export function listSharedDrives(ctx: Context): Reply {
  const denied = driveDenied(ctx) ?? listingRefused(ctx);
  if (denied) return denied;
  return json(200, { items: SHARED_DRIVES.map((d) => ({ id: d.id, title: d.name, mimeType: FOLDER_MIME })) } satisfies FileList);
}

export function listFiles(ctx: Context): Reply {
  const denied = driveDenied(ctx) ?? listingRefused(ctx);
  if (denied) return denied;
  const q = ctx.query.get('q') ?? '';
  let matches: (file: QueryableFile) => boolean;
  try {
    matches = q.trim() === '' ? () => true : compileQuery(q);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return json(400, { error: 'invalid_query', message: error.message });
    throw error;
  }

  const rawMax = ctx.query.get('maxResults');
  let maxResults = DEFAULT_MAX_RESULTS;
  if (rawMax !== null && rawMax !== '') {
    const n = Number(rawMax);
    if (!Number.isFinite(n)) return json(400, { error: 'invalid_max_results', message: `maxResults must be a number, got "${rawMax}"` });
    maxResults = Math.min(1000, Math.max(1, Math.floor(n)));
  }

  const driveId = ctx.query.get('driveId') || null;
  if (driveId !== null && q.includes('owners')) {
    // A shared drive's files have no owners: the server takes only the shared drive's own query with a driveId.
    return json(400, { error: 'invalid_request', message: "querystring/driveId must be given with a shared drive's folder query, and only then." });
  }
  if (driveId !== null && !SHARED_DRIVES.some((d) => d.id === driveId)) return json(404, { error: 'not_found', message: 'The drive has no such file.' });
  const items = filesMatching(q, driveId, matches);
  let position: PagePosition = { offset: 0, page: 0 };
  const token = ctx.query.get('pageToken');
  if (token !== null && token !== '') {
    const decoded = decodePageToken(token, `${driveId ?? ''}\n${q}`);
    if (decoded === null || decoded.offset >= items.length) {
      return json(400, { error: 'invalid_page_token', message: 'The page token is not valid for this query' });
    }
    position = decoded;
  }

  const { offset, page } = position;
  const end = offset + pageSize(page, maxResults, ctx.pageSizes);
  const body: FileList & { items: ApiFile[] } = { items: items.slice(offset, end).map(toApiFile) };
  if (end < items.length) body.nextPageToken = encodePageToken({ offset: end, page: page + 1 }, `${driveId ?? ''}\n${q}`);
  return json(200, body);
}
