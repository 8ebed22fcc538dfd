/** The seeded drive's vocabulary: MIME types, owners and deterministic, drive-looking ids (drive.ts and driveSeed.ts share it). */
import { FOLDER_MIME } from '../src/drive/rules';

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

/** An owner as the drive answers it: `displayName` is optional in the drive's schema (some accounts answer none). */
export interface DriveOwner {
  displayName?: string;
  emailAddress: string;
  isAuthenticatedUser: boolean;
}

export const ME: Required<DriveOwner> = { displayName: 'Ada Lovelace', emailAddress: 'ada@example.com', isAuthenticatedUser: true };

export const OTHERS = {
  grace: { displayName: 'Grace Hopper', emailAddress: 'grace@example.org', isAuthenticatedUser: false },
  alan: { displayName: 'Alan Turing', emailAddress: 'alan@example.net', isAuthenticatedUser: false },
  katherine: { displayName: 'Katherine Johnson', emailAddress: 'katherine@example.com', isAuthenticatedUser: false },
  sofia: { displayName: 'Софья Ковалевская', emailAddress: 'sofia@example.ru', isAuthenticatedUser: false },
  /** An account the drive gives no name for. */
  nameless: { emailAddress: 'ops@example.org', isAuthenticatedUser: false },
} as const satisfies Record<string, DriveOwner>;

/** A 32-bit FNV-1a-style hash of a text (the seed varies it): ids and sizes derive from it. */
export function hash32(text: string, seed: number): number {
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

/** A shared drive's id as the drive makes them (19 characters, starting with '0A'); its top folder has the same id. */
export function sharedDriveId(key: string): string {
  return '0A' + driveId(key).slice(1, 18);
}

/** Ids for the many files of a bulk folder: a shared drive-looking stem plus the index (cheap to make). */
export function bulkIds(key: string, count: number): string[] {
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
  /** A PDF titled in accented Latin; as part of the page, the non-Latin fixture's page (nativePages.ts). */
  accentsPdf: driveId('file/latin-accents'),
  /** A presentation in My Drive; as part of the page, the 20-slide deck (nativePages.ts). */
  quarterlyReview: driveId('file/quarterly-review'),
  /** A document whose export is over the drive's 10 MB limit: it can never be shown as part of the page. */
  q3Plan: driveId('file/q3-plan'),
  readme: driveId('file/readme'),
  longTitle: driveId('file/long-title'),
  imgTitle: driveId('file/html-img'),
  scriptTitle: driveId('file/html-script'),
  entityTitle: driveId('file/html-entity'),
  trashedDoc: driveId('file/trashed-budget'),
  trashedDraft: driveId('file/trashed-draft'),
  othersHandbook: driveId('file/others-handbook'),
  othersInProjects: driveId('file/others-design-review'),
  othersTrashed: driveId('file/others-trashed'),
  /** Shared by link before the drive's 2021 security update: it carries a resource key (RESOURCE_KEYS). */
  keyedHandbook: driveId('file/keyed-handbook'),
  /** A document exported in the older shape (anchors named with `name`, lists without list classes): the fake drive's exports/own. */
  travelPolicy: driveId('file/travel-policy-2012'),
  /** A document with legal numbering ("14.1."): the fake drive's exports/own. */
  dataPolicy: driveId('file/data-policy'),
  /** Real exports of 2014 (the fake drive's exports/momus): comments and headings named with `name`, lists, a table and an image. */
  momusComments: driveId('file/momus-comments'),
  momusCommentInHeading: driveId('file/momus-comment-in-heading'),
  momusLists: driveId('file/momus-lists'),
  momusTable: driveId('file/momus-table'),
  /** Owned by an account the drive gives no name for. */
  namelessChecklist: driveId('file/nameless-checklist'),
  /** 60 files titled "Invoice 1" to "Invoice 60": lexicographic and natural order differ ("Invoice 10" before "Invoice 2"). */
  invoices: driveId('folder/invoices'),
  /** Shared drives (their top folders have the same ids) and what they hold. */
  marketingDrive: sharedDriveId('drive/marketing'),
  engineeringDrive: sharedDriveId('drive/engineering'),
  campaigns: driveId('folder/marketing/campaigns'),
  brandGuide: driveId('file/marketing/brand-guide'),
  heroBanner: driveId('file/marketing/hero-banner'),
  launchBrief: driveId('file/marketing/campaigns/launch-brief'),
} as const;

/** The resource keys of the files that have one (v2 `resourceKey`). */
export const RESOURCE_KEYS: Readonly<Record<string, string>> = { [DRIVE_IDS.keyedHandbook]: '0-Hk3xQm9TzLwR2vBn7YpJsA' };

/** The shared drives the connected account is a member of (an organizer of each), in the drive's order. */
export const SHARED_DRIVES: readonly { id: string; name: string }[] = [
  { id: DRIVE_IDS.marketingDrive, name: 'Marketing' },
  { id: DRIVE_IDS.engineeringDrive, name: 'Engineering' },
];
