/** The seeded drive's contents, section by section (drive.ts builds and freezes them). */
import { bulkIds, DRIVE_IDS, driveId, MIME, OTHERS, SHARED_DRIVES, type DriveOwner } from './driveIds';
import type { AnyoneRole } from './state';

export interface FileSpec {
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
  /** The shared drive the file is in (its owners are then none). */
  driveId?: string;
}

/** What drive.ts hands the seed: add a file as specified, or one whose id derives from a key. */
export interface DriveBuilder {
  add(spec: FileSpec): string;
  file(key: string, title: string, mimeType: string, parent: string | null, extra?: Partial<FileSpec>): string;
}

/** Files in My Drive: every type, titles in several scripts, long and HTML-looking titles, trashed. */
function seedMyDrive({ add, file }: DriveBuilder, root: string): void {
  // Top-level folders
  add({ id: DRIVE_IDS.projects, title: 'Projects', mimeType: MIME.folder, parent: root });
  add({ id: DRIVE_IDS.reports, title: 'Reports', mimeType: MIME.folder, parent: root });
  add({ id: DRIVE_IDS.archive, title: 'Archive', mimeType: MIME.folder, parent: root, ageMinutes: 60 * 24 * 400 });
  add({ id: DRIVE_IDS.photos, title: 'Photos', mimeType: MIME.folder, parent: root });
  add({ id: DRIVE_IDS.empty, title: 'Empty folder', mimeType: MIME.folder, parent: root });

  // One file of every type in My Drive
  add({ id: DRIVE_IDS.welcomeDoc, title: 'Welcome to your drive', mimeType: MIME.document, parent: root, anyone: 'reader', ageMinutes: 12 });
  add({ id: DRIVE_IDS.budgetSheet, title: 'Budget 2026', mimeType: MIME.spreadsheet, parent: root, anyone: 'writer', ageMinutes: 95 });
  add({ id: DRIVE_IDS.quarterlyReview, title: 'Quarterly review', mimeType: MIME.presentation, parent: root });
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
  add({ id: DRIVE_IDS.travelPolicy, title: 'Travel policy (2012)', mimeType: MIME.document, parent: root });
  add({ id: DRIVE_IDS.dataPolicy, title: 'Data policy', mimeType: MIME.document, parent: root });

  // Titles in several scripts
  file('file/cyrillic', 'Отчёт о продажах за квартал', MIME.document, root);
  file('file/japanese', '会議メモ 2026年7月', MIME.document, root);
  file('file/arabic', 'تقرير المبيعات السنوي', MIME.spreadsheet, root);
  file('file/greek', 'Σημειώσεις συνάντησης', MIME.presentation, root);
  file('file/korean', '프로젝트 회의록', MIME.document, root);
  add({ id: DRIVE_IDS.accentsPdf, title: 'Café résumé — Ñandú façade, Ærø, Łódź', mimeType: MIME.pdf, parent: root });

  // A 200-character title
  const longTitle = 'A very long title that keeps going '.repeat(7).slice(0, 196) + ' end';
  add({ id: DRIVE_IDS.longTitle, title: longTitle, mimeType: MIME.document, parent: root });

  // Titles that look like HTML or script
  add({ id: DRIVE_IDS.imgTitle, title: '<img src=x onerror=alert(1)>', mimeType: MIME.document, parent: root });
  add({ id: DRIVE_IDS.scriptTitle, title: '<script>alert("x")</script>', mimeType: MIME.spreadsheet, parent: root });
  add({ id: DRIVE_IDS.entityTitle, title: '&amp; "quotes" \'apostrophes\' &lt;b&gt;', mimeType: MIME.text, parent: root });

  // Trashed (never listed by the app's query)
  add({ id: DRIVE_IDS.trashedDoc, title: 'Old budget (trashed)', mimeType: MIME.spreadsheet, parent: root, trashed: true });
}

/** Projects > 2026 > Q3 > Drafts, and Photos. */
function seedProjects({ add, file }: DriveBuilder): void {
  // Projects > 2026 > Q3 > Drafts
  add({ id: DRIVE_IDS.year2026, title: '2026', mimeType: MIME.folder, parent: DRIVE_IDS.projects });
  const year2025 = file('folder/projects/2025', '2025', MIME.folder, DRIVE_IDS.projects);
  // Documents whose exports are real ones of 2014 (the fake drive's exports/momus).
  add({ id: DRIVE_IDS.momusComments, title: 'Article with comments (2014)', mimeType: MIME.document, parent: year2025 });
  add({ id: DRIVE_IDS.momusCommentInHeading, title: 'Live edit test (2014)', mimeType: MIME.document, parent: year2025 });
  add({ id: DRIVE_IDS.momusLists, title: 'Lists (2014)', mimeType: MIME.document, parent: year2025 });
  add({ id: DRIVE_IDS.momusTable, title: 'Table and image (2014)', mimeType: MIME.document, parent: year2025 });
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
}

/** Reports (120 files) and Archive (5,000 files). */
function seedBigFolders({ add }: DriveBuilder): void {
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
}

/** Files owned by others. */
function seedSharedWithMe({ add, file }: DriveBuilder): void {
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
  // Shared by link before 2021: it has a resource key (driveIds.ts RESOURCE_KEYS).
  add({ id: DRIVE_IDS.keyedHandbook, title: 'Old team handbook', mimeType: MIME.document, parent: null, owner: OTHERS.grace, anyone: 'reader' });
  add({ id: DRIVE_IDS.namelessChecklist, title: 'Ops checklist', mimeType: MIME.document, parent: null, owner: OTHERS.nameless });
}

/** Invoices 1 to 60, unpadded: the drive's `title` order ("Invoice 10" before "Invoice 2") is not its `title_natural` one. */
function seedInvoices({ add, file }: DriveBuilder): void {
  add({ id: DRIVE_IDS.invoices, title: 'Invoices', mimeType: MIME.folder, parent: DRIVE_IDS.root });
  for (let i = 1; i <= 60; i += 1)
    file(`file/invoice-${i}`, `Invoice ${i}`, i % 3 === 0 ? MIME.pdf : MIME.spreadsheet, DRIVE_IDS.invoices, { ageMinutes: 600 + i });
}

/** The shared drives (SHARED_DRIVES) and their files: owned by the drive, not by anyone. */
function seedSharedDrives({ add, file }: DriveBuilder): void {
  const marketing = DRIVE_IDS.marketingDrive;
  add({ id: DRIVE_IDS.campaigns, title: 'Campaigns', mimeType: MIME.folder, parent: marketing, driveId: marketing });
  add({ id: DRIVE_IDS.brandGuide, title: 'Brand guide', mimeType: MIME.document, parent: marketing, driveId: marketing });
  add({ id: DRIVE_IDS.heroBanner, title: 'Hero banner.png', mimeType: MIME.png, parent: marketing, driveId: marketing });
  file('file/marketing/press-kit', 'Press kit.pdf', MIME.pdf, marketing, { driveId: marketing });
  add({ id: DRIVE_IDS.launchBrief, title: 'Launch brief', mimeType: MIME.document, parent: DRIVE_IDS.campaigns, driveId: marketing });
  file('file/marketing/campaigns/budget', 'Campaign budget', MIME.spreadsheet, DRIVE_IDS.campaigns, { driveId: marketing });
  const engineering = SHARED_DRIVES[1]?.id ?? DRIVE_IDS.engineeringDrive;
  file('file/engineering/runbook', 'On-call runbook', MIME.document, engineering, { driveId: engineering });
  file('file/engineering/notes', 'notes.txt', MIME.text, engineering, { driveId: engineering });
}

export function seedDrive(builder: DriveBuilder): void {
  const root = DRIVE_IDS.root;
  seedMyDrive(builder, root);
  seedProjects(builder);
  seedBigFolders(builder);
  seedSharedWithMe(builder);
  seedInvoices(builder);
  seedSharedDrives(builder);
}
