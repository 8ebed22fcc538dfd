/**
 * The seeded drive: a deterministic, Google-Drive-shaped set of files (no randomness: the same ids,
 * titles and dates every time). It is built once per page and never changes; what the user changes
 * (public permissions) lives in the state store.
 *
 *   My Drive (root)
 *   ├── Projects / 2026 / Q3 / Drafts        four levels of folders, each with some files
 *   ├── Reports                              exactly 120 files (three pages of 50)
 *   ├── Archive                              exactly 5,000 files
 *   ├── Photos, Empty folder
 *   └── files of every type, titles in several scripts, a 200-character title, HTML-looking titles,
 *       trashed files (never listed by the app's query)
 *   Files owned by others (shared with me) mostly have no parent in my drive; the app's query
 *   (`… or not 'me' in owners`) lists them in every folder.
 */
import type { DriveFile } from '../src/api/schemas';
import { driveId, hash32, ME, MIME, RESOURCE_KEYS, type DriveOwner } from './driveIds';
import { seedDrive, type FileSpec } from './driveSeed';
import type { AnyoneRole } from './state';

// The seed's vocabulary lives in driveIds.ts (driveSeed.ts uses it too, and drive.ts uses the
// seed); the mock's routes, tests and fake provider take the ids from here.
export { DRIVE_IDS, driveId, ME, MIME, RESOURCE_KEYS, SHARED_DRIVES } from './driveIds';

/** A file as the drive answers it in a listing (v2 names). A shared drive's files have no `owners`. */
export interface ApiFile {
  id: string;
  title: string;
  mimeType: string;
  modifiedDate: string;
  owners?: DriveOwner[];
  /** A file shared by link before the drive's 2021 security update: the key a link to it needs. */
  resourceKey?: string;
  /** The shared drive the file is in. */
  driveId?: string;
  /** Bytes, as a string; binary (non drive-native) files only. */
  fileSize?: string;
  labels: { trashed: boolean };
  parents: { id: string }[];
}

/** A seeded file as stored: frozen, its nested parts shared between files. */
export interface DriveRecord {
  readonly id: string;
  readonly title: string;
  readonly mimeType: string;
  readonly modifiedDate: string;
  /** Empty for a shared drive's files (the drive owns them). */
  readonly owners: readonly Readonly<DriveOwner>[];
  readonly fileSize: string | undefined;
  readonly resourceKey: string | undefined;
  readonly driveId: string | undefined;
  readonly labels: Readonly<{ trashed: boolean }>;
  readonly parents: readonly Readonly<{ id: string }>[];
}

/** A fresh, mutable copy of a record, as an answer carries it. */
export function toApiFile(record: DriveRecord): ApiFile {
  const file: ApiFile = {
    id: record.id,
    title: record.title,
    mimeType: record.mimeType,
    modifiedDate: record.modifiedDate,
    labels: { trashed: record.labels.trashed },
    parents: record.parents.map((p) => ({ id: p.id })),
  };
  if (record.owners.length > 0) file.owners = record.owners.map((o) => ({ ...o }));
  if (record.fileSize !== undefined) file.fileSize = record.fileSize;
  if (record.resourceKey !== undefined) file.resourceKey = record.resourceKey;
  if (record.driveId !== undefined) file.driveId = record.driveId;
  return file;
}

// The mock's answers must stay assignable to the app's file type.
const _apiFileIsDriveFile: (file: ApiFile) => DriveFile = (file) => file;
void _apiFileIsDriveFile;

/** An avatar for the connected account, as a data: URI (no network). */
export function avatarDataUri(owner: { displayName: string } = ME): string {
  const initials = owner.displayName
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    '<circle cx="32" cy="32" r="32" fill="#5b6abf"/>' +
    `<text x="32" y="41" font-family="Arial, sans-serif" font-size="26" fill="#fff" text-anchor="middle">${initials}</text>` +
    '</svg>';
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

// ---------------------------------------------------------------------------------------------
// Building

const NOW = Date.UTC(2026, 6, 20, 16, 45, 0);

export function isNativeMime(mimeType: string): boolean {
  return mimeType.startsWith('application/vnd.google-apps.');
}

const TYPICAL_SIZE: ReadonlyMap<string, number> = new Map([
  [MIME.pdf, 240_000],
  [MIME.png, 310_000],
  [MIME.jpeg, 1_800_000],
  [MIME.mp4, 14_000_000],
  [MIME.text, 1_200],
  [MIME.docx, 48_000],
  [MIME.xlsx, 36_000],
  [MIME.pptx, 2_400_000],
]);

function defaultSize(spec: FileSpec, hash: number): number {
  const typical = TYPICAL_SIZE.get(spec.mimeType) ?? 20_000;
  return typical + (hash % typical);
}

let listingCollator: Intl.Collator | null = null;

/** `records` in listing order (a sorted copy): folders first, then by title, then by id. */
export function inListingOrder(records: readonly DriveRecord[]): DriveRecord[] {
  const collator = (listingCollator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
  return [...records].sort((a, b) => {
    const folderA = a.mimeType === MIME.folder ? 0 : 1;
    const folderB = b.mimeType === MIME.folder ? 0 : 1;
    if (folderA !== folderB) return folderA - folderB;
    const byTitle = collator.compare(a.title, b.title);
    if (byTitle !== 0) return byTitle;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

export interface SeededDrive {
  /** Every file, in listing order (sorted on first read). */
  readonly files: readonly DriveRecord[];
  /**
   * Every file, in the seed's order: a listing sorts only the files its query matches (a page
   * that lists a folder of fifty never pays for sorting the 5,000 of another).
   */
  readonly seeded: readonly DriveRecord[];
  readonly byId: ReadonlyMap<string, DriveRecord>;
  /** The public role each file starts with (files not listed start private). */
  readonly initialPermissions: ReadonlyMap<string, AnyoneRole>;
}

function buildDrive(): SeededDrive {
  const files: DriveRecord[] = [];
  const byId = new Map<string, DriveRecord>();
  const initialPermissions = new Map<string, AnyoneRole>();
  let clock = 0;
  // Nested parts are shared (and frozen) so 5,000 files cost few allocations.
  const TRASHED = Object.freeze({ trashed: true });
  const NOT_TRASHED = Object.freeze({ trashed: false });
  const NO_PARENTS = Object.freeze([]) as readonly { id: string }[];
  const NO_OWNERS = Object.freeze([]) as readonly DriveOwner[];
  const ownerLists = new Map<string, readonly Readonly<DriveOwner>[]>();
  const ownersOf = (owner: DriveOwner) => {
    let list = ownerLists.get(owner.emailAddress);
    if (!list) {
      list = Object.freeze([Object.freeze({ ...owner })]);
      ownerLists.set(owner.emailAddress, list);
    }
    return list;
  };
  const parentLists = new Map<string, readonly Readonly<{ id: string }>[]>();
  const parentsOf = (parent: string | null) => {
    if (parent === null) return NO_PARENTS;
    let list = parentLists.get(parent);
    if (!list) {
      list = Object.freeze([Object.freeze({ id: parent })]);
      parentLists.set(parent, list);
    }
    return list;
  };

  const add = (spec: FileSpec): string => {
    if (byId.has(spec.id)) throw new Error(`Duplicate seeded id ${spec.id} (${spec.title})`);
    clock += 1;
    const minutes = spec.ageMinutes ?? clock * 53;
    const hash = hash32(spec.id, 3);
    const record: DriveRecord = {
      id: spec.id,
      title: spec.title,
      mimeType: spec.mimeType,
      modifiedDate: new Date(NOW - minutes * 60_000 - (hash % 60) * 1000).toISOString(),
      owners: spec.driveId === undefined ? ownersOf(spec.owner ?? ME) : NO_OWNERS,
      labels: spec.trashed ? TRASHED : NOT_TRASHED,
      parents: parentsOf(spec.parent),
      // Always present (undefined for drive-native files) so every record has the same shape.
      fileSize: isNativeMime(spec.mimeType) ? undefined : String(spec.size ?? defaultSize(spec, hash)),
      resourceKey: RESOURCE_KEYS[spec.id],
      driveId: spec.driveId,
    };
    files.push(record);
    byId.set(record.id, record);
    if (spec.anyone) initialPermissions.set(record.id, spec.anyone);
    return record.id;
  };
  const file = (key: string, title: string, mimeType: string, parent: string | null, extra: Partial<FileSpec> = {}): string =>
    add({ id: driveId(key), title, mimeType, parent, ...extra });

  seedDrive({ add, file });

  for (const record of files) Object.freeze(record);
  let sorted: readonly DriveRecord[] | null = null;
  return {
    get files() {
      sorted ??= Object.freeze(inListingOrder(files));
      return sorted;
    },
    seeded: Object.freeze(files),
    byId,
    initialPermissions,
  };
}

let seeded: SeededDrive | null = null;

/** The seeded drive, built on first use and shared afterwards (it never changes). */
export function getDrive(): SeededDrive {
  seeded ??= buildDrive();
  return seeded;
}
