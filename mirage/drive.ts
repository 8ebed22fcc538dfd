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
import { FOLDER_MIME } from '../src/api/schemas';
import type { DriveFile } from '../src/api/schemas';
import type { AnyoneRole } from './state';

export const MIME = {
  folder: FOLDER_MIME,
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
  drawing: 'application/vnd.google-apps.drawing',
  form: 'application/vnd.google-apps.form',
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
  text: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

export interface DriveOwner {
  displayName: string;
  emailAddress: string;
  isAuthenticatedUser: boolean;
}

/** A file as the drive answers it in a listing (v2 names). */
export interface ApiFile {
  id: string;
  title: string;
  mimeType: string;
  modifiedDate: string;
  owners: DriveOwner[];
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
  readonly owners: readonly Readonly<DriveOwner>[];
  readonly fileSize: string | undefined;
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
    owners: record.owners.map((o) => ({ ...o })),
    labels: { trashed: record.labels.trashed },
    parents: record.parents.map((p) => ({ id: p.id })),
  };
  if (record.fileSize !== undefined) file.fileSize = record.fileSize;
  return file;
}

// The mock's answers must stay assignable to the app's file type.
const _apiFileIsDriveFile: (file: ApiFile) => DriveFile = (file) => file;
void _apiFileIsDriveFile;

export const ME: DriveOwner = { displayName: 'Ada Lovelace', emailAddress: 'ada@example.com', isAuthenticatedUser: true };

export const OTHERS = {
  grace: { displayName: 'Grace Hopper', emailAddress: 'grace@example.org', isAuthenticatedUser: false },
  alan: { displayName: 'Alan Turing', emailAddress: 'alan@example.net', isAuthenticatedUser: false },
  katherine: { displayName: 'Katherine Johnson', emailAddress: 'katherine@example.com', isAuthenticatedUser: false },
  sofia: { displayName: 'Софья Ковалевская', emailAddress: 'sofia@example.ru', isAuthenticatedUser: false },
} as const satisfies Record<string, DriveOwner>;

/** An avatar for the connected account, as a data: URI (no network). */
export function avatarDataUri(owner: DriveOwner = ME): string {
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
// Deterministic ids

function hash32(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A drive-looking id (33 characters, starting with '1') derived from a stable key. */
export function driveId(key: string): string {
  let a = hash32(key, 0x811c9dc5);
  let b = hash32(key, 0x9e3779b9);
  const chars: string[] = ['1'];
  for (let i = 0; i < 32; i += 1) {
    // xorshift on two 32-bit words
    const t = a ^ (a << 11);
    a = b;
    b = (b ^ (b >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    chars.push(ID_ALPHABET.charAt(b & 63));
  }
  return chars.join('');
}

/** Ids for the many files of a bulk folder: a shared drive-looking stem plus the index (cheap to make). */
function bulkIds(key: string, count: number): string[] {
  const stem = driveId(key).slice(0, 28);
  const ids: string[] = [];
  for (let i = 1; i <= count; i += 1) ids.push(stem + i.toString(36).padStart(5, '0'));
  return ids;
}

/** Ids of well-known files and folders, for dev pages and tests. */
export const DRIVE_IDS = {
  root: 'root',
  projects: driveId('folder/projects'),
  year2026: driveId('folder/projects/2026'),
  q3: driveId('folder/projects/2026/q3'),
  drafts: driveId('folder/projects/2026/q3/drafts'),
  reports: driveId('folder/reports'),
  archive: driveId('folder/archive'),
  photos: driveId('folder/photos'),
  empty: driveId('folder/empty'),
  teamShared: driveId('folder/team-shared'),
  welcomeDoc: driveId('file/welcome'),
  budgetSheet: driveId('file/budget-2026'),
  demoVideo: driveId('file/product-demo'),
  surveyForm: driveId('file/survey'),
  annualPdf: driveId('file/annual-report'),
  longTitle: driveId('file/long-title'),
  imgTitle: driveId('file/html-img'),
  scriptTitle: driveId('file/html-script'),
  entityTitle: driveId('file/html-entity'),
  trashedDoc: driveId('file/trashed-budget'),
  trashedDraft: driveId('file/trashed-draft'),
  othersHandbook: driveId('file/others-handbook'),
  othersInProjects: driveId('file/others-design-review'),
  othersTrashed: driveId('file/others-trashed'),
} as const;

// ---------------------------------------------------------------------------------------------
// Building

interface FileSpec {
  id: string;
  title: string;
  mimeType: string;
  parent: string | null;
  owner?: DriveOwner;
  trashed?: boolean;
  /** Minutes before the drive's "now". */
  ageMinutes?: number;
  size?: number;
  anyone?: AnyoneRole;
}

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

export interface SeededDrive {
  /** Every file, in listing order: folders first, then by title, then by id. */
  readonly files: readonly DriveRecord[];
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
      owners: ownersOf(spec.owner ?? ME),
      labels: spec.trashed ? TRASHED : NOT_TRASHED,
      parents: parentsOf(spec.parent),
      // Always present (undefined for drive-native files) so every record has the same shape.
      fileSize: isNativeMime(spec.mimeType) ? undefined : String(spec.size ?? defaultSize(spec, hash)),
    };
    files.push(record);
    byId.set(record.id, record);
    if (spec.anyone) initialPermissions.set(record.id, spec.anyone);
    return record.id;
  };
  const file = (key: string, title: string, mimeType: string, parent: string | null, extra: Partial<FileSpec> = {}): string =>
    add({ id: driveId(key), title, mimeType, parent, ...extra });

  const root = DRIVE_IDS.root;

  // Top-level folders
  add({ id: DRIVE_IDS.projects, title: 'Projects', mimeType: MIME.folder, parent: root });
  add({ id: DRIVE_IDS.reports, title: 'Reports', mimeType: MIME.folder, parent: root });
  add({ id: DRIVE_IDS.archive, title: 'Archive', mimeType: MIME.folder, parent: root, ageMinutes: 60 * 24 * 400 });
  add({ id: DRIVE_IDS.photos, title: 'Photos', mimeType: MIME.folder, parent: root });
  add({ id: DRIVE_IDS.empty, title: 'Empty folder', mimeType: MIME.folder, parent: root });

  // One file of every type in My Drive
  add({ id: DRIVE_IDS.welcomeDoc, title: 'Welcome to your drive', mimeType: MIME.document, parent: root, anyone: 'reader', ageMinutes: 12 });
  add({ id: DRIVE_IDS.budgetSheet, title: 'Budget 2026', mimeType: MIME.spreadsheet, parent: root, anyone: 'writer', ageMinutes: 95 });
  file('file/quarterly-review', 'Quarterly review', MIME.presentation, root);
  file('file/org-chart', 'Org chart', MIME.drawing, root);
  add({ id: DRIVE_IDS.surveyForm, title: 'Customer survey', mimeType: MIME.form, parent: root });
  add({ id: DRIVE_IDS.annualPdf, title: 'Annual report 2025.pdf', mimeType: MIME.pdf, parent: root, size: 3_482_113 });
  file('file/logo-png', 'Logo.png', MIME.png, root);
  file('file/team-photo', 'Team photo.jpg', MIME.jpeg, root);
  add({ id: DRIVE_IDS.demoVideo, title: 'Product demo.mp4', mimeType: MIME.mp4, parent: root, anyone: 'reader', size: 48_213_004 });
  file('file/readme', 'README.txt', MIME.text, root);
  file('file/contract-docx', 'Contract draft.docx', MIME.docx, root);
  file('file/inventory-xlsx', 'Inventory.xlsx', MIME.xlsx, root);
  file('file/pitch-pptx', 'Pitch deck.pptx', MIME.pptx, root);
  file('file/untitled-1', 'Untitled document', MIME.document, root);
  file('file/untitled-2', 'Untitled document', MIME.document, root);
  file('file/apostrophe', "Ada's notes", MIME.document, root);

  // Titles in several scripts
  file('file/cyrillic', 'Отчёт о продажах за квартал', MIME.document, root);
  file('file/japanese', '会議メモ 2026年7月', MIME.document, root);
  file('file/arabic', 'تقرير المبيعات السنوي', MIME.spreadsheet, root);
  file('file/greek', 'Σημειώσεις συνάντησης', MIME.presentation, root);
  file('file/korean', '프로젝트 회의록', MIME.document, root);
  file('file/latin-accents', 'Café résumé — Ñandú façade, Ærø, Łódź', MIME.pdf, root);

  // A 200-character title
  const longTitle = 'A very long title that keeps going '.repeat(7).slice(0, 196) + ' end';
  add({ id: DRIVE_IDS.longTitle, title: longTitle, mimeType: MIME.document, parent: root });

  // Titles that look like HTML or script
  add({ id: DRIVE_IDS.imgTitle, title: '<img src=x onerror=alert(1)>', mimeType: MIME.document, parent: root });
  add({ id: DRIVE_IDS.scriptTitle, title: '<script>alert("x")</script>', mimeType: MIME.spreadsheet, parent: root });
  add({ id: DRIVE_IDS.entityTitle, title: '&amp; "quotes" \'apostrophes\' &lt;b&gt;', mimeType: MIME.text, parent: root });

  // Trashed (never listed by the app's query)
  add({ id: DRIVE_IDS.trashedDoc, title: 'Old budget (trashed)', mimeType: MIME.spreadsheet, parent: root, trashed: true });

  // Projects > 2026 > Q3 > Drafts
  add({ id: DRIVE_IDS.year2026, title: '2026', mimeType: MIME.folder, parent: DRIVE_IDS.projects });
  file('folder/projects/2025', '2025', MIME.folder, DRIVE_IDS.projects);
  file('file/project-charter', 'Project charter.docx', MIME.docx, DRIVE_IDS.projects);
  file('file/project-logo', 'Project logo.png', MIME.png, DRIVE_IDS.projects);
  file('file/projects-list', 'Project list', MIME.spreadsheet, DRIVE_IDS.projects);

  add({ id: DRIVE_IDS.q3, title: 'Q3', mimeType: MIME.folder, parent: DRIVE_IDS.year2026 });
  file('folder/projects/2026/q2', 'Q2', MIME.folder, DRIVE_IDS.year2026);
  file('file/roadmap-2026', '2026 roadmap', MIME.document, DRIVE_IDS.year2026);
  file('file/hiring-2026', 'Hiring tracker', MIME.spreadsheet, DRIVE_IDS.year2026);
  file('file/q2-retro', 'Q2 retrospective', MIME.document, driveId('folder/projects/2026/q2'));

  add({ id: DRIVE_IDS.drafts, title: 'Drafts', mimeType: MIME.folder, parent: DRIVE_IDS.q3 });
  file('file/q3-plan', 'Q3 plan', MIME.document, DRIVE_IDS.q3);
  file('file/q3-numbers', 'Q3 numbers.xlsx', MIME.xlsx, DRIVE_IDS.q3);
  file('file/q3-review', 'Q3 review', MIME.presentation, DRIVE_IDS.q3);

  file('file/draft-launch', 'Draft — launch plan', MIME.document, DRIVE_IDS.drafts);
  file('file/draft-budget', 'Draft budget', MIME.spreadsheet, DRIVE_IDS.drafts);
  file('file/draft-sketch', 'Whiteboard sketch', MIME.drawing, DRIVE_IDS.drafts);
  file('file/draft-notes', 'notes.txt', MIME.text, DRIVE_IDS.drafts);
  file('file/draft-feedback', 'Feedback form', MIME.form, DRIVE_IDS.drafts);
  add({ id: DRIVE_IDS.trashedDraft, title: 'Discarded draft', mimeType: MIME.document, parent: DRIVE_IDS.drafts, trashed: true });

  // Photos
  for (let i = 1; i <= 8; i += 1) {
    const n = String(i).padStart(2, '0');
    file(`file/photo-${n}`, `IMG_20260${(i % 6) + 1}${n}.jpg`, MIME.jpeg, DRIVE_IDS.photos);
  }
  file('file/photo-screenshot', 'Screenshot 2026-07-01.png', MIME.png, DRIVE_IDS.photos);
  file('file/photo-clip', 'Holiday clip.mp4', MIME.mp4, DRIVE_IDS.photos);

  // Reports: exactly 120 files
  const reportTypes = [MIME.pdf, MIME.spreadsheet, MIME.document, MIME.xlsx] as const;
  const reportIds = bulkIds('file/report', 120);
  for (let i = 1; i <= 120; i += 1) {
    const n = String(i).padStart(3, '0');
    add({
      id: reportIds[i - 1] ?? '',
      title: `Weekly report ${n}`,
      mimeType: reportTypes[i % reportTypes.length] ?? MIME.pdf,
      parent: DRIVE_IDS.reports,
      ageMinutes: 60 * 24 * 7 * (121 - i),
    });
  }

  // Archive: exactly 5,000 files
  const archiveTypes = [
    MIME.document,
    MIME.spreadsheet,
    MIME.presentation,
    MIME.drawing,
    MIME.pdf,
    MIME.png,
    MIME.jpeg,
    MIME.text,
    MIME.docx,
    MIME.xlsx,
    MIME.pptx,
  ] as const;
  const topics = ['invoice', 'minutes', 'scan', 'contract', 'notes', 'budget', 'photo', 'memo'] as const;
  const archiveIds = bulkIds('file/archive', 5000);
  for (let i = 1; i <= 5000; i += 1) {
    add({
      id: archiveIds[i - 1] ?? '',
      title: `Archive ${String(i).padStart(4, '0')} ${topics[i % topics.length] ?? 'item'}`,
      mimeType: archiveTypes[i % archiveTypes.length] ?? MIME.pdf,
      parent: DRIVE_IDS.archive,
      ageMinutes: 60 * 24 * 400 + i * 97,
    });
  }

  // Owned by others (shared with me)
  add({ id: DRIVE_IDS.teamShared, title: 'Team shared', mimeType: MIME.folder, parent: null, owner: OTHERS.grace });
  add({ id: DRIVE_IDS.othersHandbook, title: 'Team handbook', mimeType: MIME.document, parent: null, owner: OTHERS.grace, anyone: 'reader' });
  file('file/others-budget', 'Shared budget', MIME.spreadsheet, null, { owner: OTHERS.alan });
  file('file/others-paper', 'On computable numbers.pdf', MIME.pdf, null, { owner: OTHERS.alan });
  file('file/others-signup', 'Event sign-up', MIME.form, null, { owner: OTHERS.katherine });
  file('file/others-lecture', 'Лекции по анализу', MIME.presentation, null, { owner: OTHERS.sofia });
  add({ id: DRIVE_IDS.othersInProjects, title: 'Design review', mimeType: MIME.presentation, parent: DRIVE_IDS.projects, owner: OTHERS.katherine });
  file('file/others-team-plan', 'Team plan', MIME.document, DRIVE_IDS.teamShared, { owner: OTHERS.grace });
  file('file/others-team-photo', 'Offsite.jpg', MIME.jpeg, DRIVE_IDS.teamShared, { owner: OTHERS.grace });
  add({ id: DRIVE_IDS.othersTrashed, title: 'Old shared notes', mimeType: MIME.document, parent: null, owner: OTHERS.alan, trashed: true });

  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  files.sort((a, b) => {
    const folderA = a.mimeType === MIME.folder ? 0 : 1;
    const folderB = b.mimeType === MIME.folder ? 0 : 1;
    if (folderA !== folderB) return folderA - folderB;
    const byTitle = collator.compare(a.title, b.title);
    if (byTitle !== 0) return byTitle;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  for (const record of files) Object.freeze(record);
  return { files: Object.freeze(files), byId, initialPermissions };
}

let seeded: SeededDrive | null = null;

/** The seeded drive, built on first use and shared afterwards (it never changes). */
export function getDrive(): SeededDrive {
  seeded ??= buildDrive();
  return seeded;
}
