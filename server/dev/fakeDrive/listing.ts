/**
 * The fake drive's listings, as Google's definitions (`@googleapis/drive` build/v2.d.ts) describe
 * them. files.list: `q` (evaluated by Mirage's parser, so the fake and Mirage show the same drive),
 * `orderBy` (`folder`, `title` in code-unit order, "Invoice 10" before "Invoice 2", `title_natural`,
 * `modifiedDate`, each with ` desc`), `maxResults`, `pageToken`, `fields`, and the shared drives'
 * parameters: a shared drive's files are listed only with `includeItemsFromAllDrives=true` (which
 * needs `supportsAllDrives=true`) and `corpora=drive` with its `driveId`, or `corpora=allDrives`.
 * Pages may hold fewer items than `maxResults`, even none while a `nextPageToken` follows
 * (`shortPages`: the first page three fifths full, the second empty); an empty page has no `items`,
 * as the drive leaves out empty lists. drives.list: the shared drives the account is a member of.
 */
import { getDrive, SHARED_DRIVES, toApiFile, type DriveRecord } from '../../../mirage/drive';
import { compileQuery, QuerySyntaxError, type QueryableFile } from '../../../mirage/query';
import { MIME } from '../../../mirage/driveIds';
import { ownedByMe } from './access';
import { driveError, hashOf, withFields, type Reply } from './replies';

const DEFAULT_MAX_RESULTS = 100;
const DEFAULT_MAX_DRIVES = 10;

interface PagePosition {
  offset: number;
  page: number;
}

function pageToken(position: PagePosition, listing: string): string {
  return Buffer.from(JSON.stringify({ o: position.offset, p: position.page, h: hashOf(listing) })).toString('base64url');
}

function readPageToken(token: string, listing: string): PagePosition | null {
  try {
    const data = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown; p?: unknown; h?: unknown };
    const { o, p } = data;
    if (typeof o !== 'number' || !Number.isInteger(o) || o < 0 || typeof p !== 'number' || !Number.isInteger(p) || p < 1) return null;
    return data.h === hashOf(listing) ? { offset: o, page: p } : null;
  } catch {
    return null;
  }
}

function v2File(record: DriveRecord): Record<string, unknown> {
  const file = toApiFile(record);
  return {
    kind: 'drive#file',
    ...file,
    etag: `"${hashOf(record.id + record.modifiedDate)}"`,
    iconLink: `https://drive-thirdparty.googleusercontent.com/16/type/${record.mimeType}`,
    alternateLink: `https://drive.google.com/file/d/${record.id}/view?usp=drivesdk`,
    embedLink: `https://drive.google.com/file/d/${record.id}/preview?usp=drivesdk`,
    createdDate: record.modifiedDate,
    userPermission: { kind: 'drive#permission', id: 'me', role: record.driveId ? 'organizer' : ownedByMe(record) ? 'owner' : 'reader', type: 'user' },
    parents: file.parents.map((p) => ({ kind: 'drive#parentReference', id: p.id, isRoot: p.id === 'root' })),
  };
}

type Compare = (a: DriveRecord, b: DriveRecord) => number;
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const ORDER_KEYS: Record<string, Compare> = {
  // Folders first (the definitions call it "the folder ID", in practice it groups folders ahead of files).
  folder: (a, b) => (a.mimeType === MIME.folder ? 0 : 1) - (b.mimeType === MIME.folder ? 0 : 1),
  title: (a, b) => byCodeUnits(a.title.toLowerCase(), b.title.toLowerCase()),
  title_natural: (a, b) => natural.compare(a.title, b.title),
  modifiedDate: (a, b) => byCodeUnits(a.modifiedDate, b.modifiedDate),
};

/** The order `orderBy` asks for (ties by id), or null when it names a key the drive does not know. */
function ordering(orderBy: string | null): Compare | null {
  if (orderBy === null || orderBy.trim() === '') return null;
  const keys: Compare[] = [];
  for (const part of orderBy.split(',')) {
    const [name = '', direction, ...rest] = part.trim().split(/\s+/);
    const compare = ORDER_KEYS[name];
    if (!compare || rest.length > 0 || (direction !== undefined && direction !== 'desc')) return null;
    keys.push(direction === 'desc' ? (a, b) => compare(b, a) : compare);
  }
  return (a, b) => {
    for (const compare of keys) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return byCodeUnits(a.id, b.id);
  };
}

/** Which files the call's corpus holds: My Drive's (and shared with me), one shared drive's, or all; or the drive's 400. */
function corpusOf(query: URLSearchParams): ((record: DriveRecord) => boolean) | Reply {
  const corpora = query.get('corpora') ?? 'default';
  const driveId = query.get('driveId');
  const allDrives = query.get('includeItemsFromAllDrives') === 'true';
  if (allDrives && query.get('supportsAllDrives') !== 'true') {
    return driveError(400, 'invalid', 'The includeItemsFromAllDrives parameter can only be set to true when supportsAllDrives is set to true.');
  }
  if (!['default', 'user', 'domain', 'drive', 'allDrives'].includes(corpora)) return driveError(400, 'invalid', `Invalid Value`, { location: 'corpora' });
  if ((corpora === 'drive') !== (driveId !== null)) return driveError(400, 'invalid', 'The driveId parameter must be given with corpora=drive, and only then.');
  if (corpora === 'drive' && !allDrives) return driveError(400, 'invalid', 'The includeItemsFromAllDrives parameter must be true when corpora is drive.');
  if (driveId !== null && !SHARED_DRIVES.some((d) => d.id === driveId))
    return driveError(404, 'notFound', `Shared drive not found: ${driveId}`, { location: 'driveId' });
  if (corpora === 'drive') return (record) => record.driveId === driveId;
  if (corpora === 'allDrives' && allDrives) return () => true;
  return (record) => record.driveId === undefined;
}

const listings = new Map<string, readonly DriveRecord[]>();

/** The files of one listing in its order, kept per listing (the seeded drive never changes). */
function filesOf(listing: string, matches: (record: DriveRecord) => boolean, compare: Compare | null): readonly DriveRecord[] {
  let items = listings.get(listing);
  if (!items) {
    if (listings.size >= 64) listings.clear();
    // The seed's listing order (folders, then natural title) stands for the drive's own when none is asked.
    items = compare ? getDrive().seeded.filter(matches).sort(compare) : getDrive().files.filter(matches);
    listings.set(listing, items);
  }
  return items;
}

function maxResultsOf(raw: string | null, fallback: number, limit: number): number | Reply {
  const value = raw === null ? fallback : Number(raw);
  if (Number.isInteger(value) && value >= 1 && value <= limit) return value;
  return driveError(400, 'invalid', `Invalid value '${raw}'. Values must be within the range: [1, ${limit}]`, { location: 'maxResults' });
}

/** How many items page `page` holds: with short pages, the first is three fifths full and the second empty. */
const pageSize = (page: number, maxResults: number, shortPages: boolean): number =>
  !shortPages ? maxResults : page === 0 ? Math.ceil((maxResults * 3) / 5) : page === 1 ? 0 : maxResults;

/** `picked`: a `drive.file` grant lists only the files picked for the app (access.ts); null lists all. */
export function listFiles(query: URLSearchParams, shortPages: boolean, picked: ReadonlySet<string> | null = null): Reply {
  const q = query.get('q') ?? '';
  let matches: (file: QueryableFile) => boolean;
  try {
    matches = q.trim() === '' ? () => true : compileQuery(q);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return driveError(400, 'invalid', `Invalid Value: ${error.message}`, { location: 'q' });
    throw error;
  }
  const maxResults = maxResultsOf(query.get('maxResults'), DEFAULT_MAX_RESULTS, 1000);
  if (typeof maxResults !== 'number') return maxResults;
  const orderBy = query.get('orderBy');
  const compare = ordering(orderBy);
  if (orderBy !== null && orderBy.trim() !== '' && !compare) return driveError(400, 'invalid', `Invalid Value`, { location: 'orderBy' });
  const corpus = corpusOf(query);
  if (typeof corpus !== 'function') return corpus;
  const reach = picked === null ? '*' : [...picked].sort().join(',');
  const listing = [q, orderBy, query.get('corpora'), query.get('driveId'), query.get('includeItemsFromAllDrives'), reach].join('\n');
  const items = filesOf(listing, (record) => corpus(record) && matches(record) && (picked === null || picked.has(record.id)), compare);
  let position: PagePosition = { offset: 0, page: 0 };
  const token = query.get('pageToken');
  if (token) {
    const decoded = readPageToken(token, listing);
    if (decoded === null || decoded.offset >= items.length) return driveError(400, 'invalid', 'Invalid Value', { location: 'pageToken' });
    position = decoded;
  }
  const end = position.offset + pageSize(position.page, maxResults, shortPages);
  const body: Record<string, unknown> = { kind: 'drive#fileList', etag: `"${hashOf(listing)}"` };
  const page = items.slice(position.offset, end);
  if (page.length > 0) body.items = page.map(v2File);
  if (end < items.length) body.nextPageToken = pageToken({ offset: end, page: position.page + 1 }, listing);
  return withFields(body, query.get('fields'));
}

/** drives.list: the shared drives, `maxResults` (1–100, 10 by default) at a time. */
export function listDrives(query: URLSearchParams): Reply {
  const maxResults = maxResultsOf(query.get('maxResults'), DEFAULT_MAX_DRIVES, 100);
  if (typeof maxResults !== 'number') return maxResults;
  let offset = 0;
  const token = query.get('pageToken');
  if (token) {
    const decoded = readPageToken(token, 'drives');
    if (decoded === null || decoded.offset >= SHARED_DRIVES.length) return driveError(400, 'invalid', 'Invalid Value', { location: 'pageToken' });
    offset = decoded.offset;
  }
  const end = offset + maxResults;
  const body: Record<string, unknown> = { kind: 'drive#driveList' };
  const drives = SHARED_DRIVES.slice(offset, end).map((d) => ({ kind: 'drive#drive', id: d.id, name: d.name, colorRgb: '#1a73e8', hidden: false }));
  if (drives.length > 0) body.items = drives;
  if (end < SHARED_DRIVES.length) body.nextPageToken = pageToken({ offset: end, page: 1 }, 'drives');
  return withFields(body, query.get('fields'));
}
