/** Files route: the listing, with the drive's query language and page tokens bound to the query. */
import { base64UrlDecodeText, base64UrlEncodeText } from '../../src/api/instance';
import type { FileList } from '../../src/api/schemas';
import { getDrive, inListingOrder, toApiFile, type ApiFile, type DriveRecord } from '../drive';
import { isPlainObject, json, driveDenied, type Context, type Reply } from '../http';
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

function filesMatching(q: string, matches: (file: QueryableFile) => boolean): readonly DriveRecord[] {
  let items = matchingFiles.get(q);
  if (!items) {
    if (matchingFiles.size >= 100) matchingFiles.clear();
    matchingFiles.set(q, (items = inListingOrder(getDrive().seeded.filter(matches))));
  }
  return items;
}

export function listFiles(ctx: Context): Reply {
  const denied = driveDenied(ctx);
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

  const items = filesMatching(q, matches);
  let position: PagePosition = { offset: 0, page: 0 };
  const token = ctx.query.get('pageToken');
  if (token !== null && token !== '') {
    const decoded = decodePageToken(token, q);
    if (decoded === null || decoded.offset >= items.length) {
      return json(400, { error: 'invalid_page_token', message: 'The page token is not valid for this query' });
    }
    position = decoded;
  }

  const { offset, page } = position;
  const end = offset + pageSize(page, maxResults, ctx.pageSizes);
  const body: FileList & { items: ApiFile[] } = { items: items.slice(offset, end).map(toApiFile) };
  if (end < items.length) body.nextPageToken = encodePageToken({ offset: end, page: page + 1 }, q);
  return json(200, body);
}
