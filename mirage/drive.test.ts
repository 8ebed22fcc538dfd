/**
 * @jest-environment node
 */
import { DRIVE_IDS, driveId, getDrive, isNativeMime, ME, MIME, toApiFile } from './drive';
import { checkShape, DriveFileSchema } from '../src/api/schemas';

const drive = getDrive();
const childrenOf = (id: string) => drive.files.filter((f) => f.parents.some((p) => p.id === id));
const byId = (id: string) => {
  const file = drive.byId.get(id);
  if (!file) throw new Error(`missing ${id}`);
  return file;
};

describe('the seeded drive', () => {
  it('has the same ids every time', () => {
    expect(driveId('folder/reports')).toBe(DRIVE_IDS.reports);
    expect(DRIVE_IDS.reports).toBe('1z5wvcHjMmZybvHTzEURFCL7W4cUIn1EL');
    expect(DRIVE_IDS.archive).toMatch(/^1[A-Za-z0-9_-]{32}$/);
    const ids = drive.files.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('nests folders four levels deep, each with files', () => {
    const trail = [DRIVE_IDS.projects, DRIVE_IDS.year2026, DRIVE_IDS.q3, DRIVE_IDS.drafts];
    let parent = 'root';
    for (const id of trail) {
      const folder = byId(id);
      expect(folder.mimeType).toBe(MIME.folder);
      expect(folder.parents).toEqual([{ id: parent }]);
      expect(childrenOf(id).filter((f) => f.mimeType !== MIME.folder && !f.labels.trashed).length).toBeGreaterThanOrEqual(2);
      parent = id;
    }
    expect(trail.map((id) => byId(id).title)).toEqual(['Projects', '2026', 'Q3', 'Drafts']);
  });

  it('has a folder of exactly 120 and one of exactly 5,000 files, all mine and not trashed', () => {
    for (const [id, count] of [
      [DRIVE_IDS.reports, 120],
      [DRIVE_IDS.archive, 5000],
    ] as const) {
      const files = childrenOf(id);
      expect(files).toHaveLength(count);
      expect(files.every((f) => !f.labels.trashed && f.owners[0]?.isAuthenticatedUser === true)).toBe(true);
    }
  });

  it('holds every drive-native type and the common binary ones', () => {
    const types = new Set(drive.files.filter((f) => !f.labels.trashed).map((f) => f.mimeType));
    for (const mime of Object.values(MIME)) expect(types).toContain(mime);
  });

  it('gives a size to binary files only, and valid dates to all', () => {
    const wrong = drive.files.filter(
      (file) =>
        (isNativeMime(file.mimeType) ? file.fileSize !== undefined : !/^[1-9][0-9]*$/.test(file.fileSize ?? '')) ||
        new Date(file.modifiedDate).toISOString() !== file.modifiedDate,
    );
    expect(wrong.map((f) => f.title)).toEqual([]);
    expect(drive.files.filter((f) => f.fileSize !== undefined).length).toBeGreaterThan(1000);
  });

  it('holds files owned by others and trashed files', () => {
    const others = drive.files.filter((f) => f.owners[0]?.isAuthenticatedUser === false);
    expect(others.length).toBeGreaterThanOrEqual(5);
    expect(others.every((f) => f.owners[0]?.displayName !== ME.displayName)).toBe(true);
    expect(byId(DRIVE_IDS.othersTrashed).labels.trashed).toBe(true);
    expect(byId(DRIVE_IDS.trashedDoc).labels.trashed).toBe(true);
  });

  it('has titles in several scripts, a 200-character one and HTML-looking ones', () => {
    const titles = drive.files.map((f) => f.title);
    for (const script of [
      /\p{Script=Cyrillic}/u,
      /\p{Script=Katakana}|\p{Script=Hiragana}/u,
      /\p{Script=Arabic}/u,
      /\p{Script=Greek}/u,
      /\p{Script=Hangul}/u,
      /[éñçÆŁ]/u,
    ]) {
      expect(titles.some((t) => script.test(t))).toBe(true);
    }
    expect(byId(DRIVE_IDS.longTitle).title).toHaveLength(200);
    expect(byId(DRIVE_IDS.imgTitle).title).toBe('<img src=x onerror=alert(1)>');
    expect(byId(DRIVE_IDS.scriptTitle).title).toBe('<script>alert("x")</script>');
    expect(byId(DRIVE_IDS.entityTitle).title).toContain('&amp; "quotes"');
  });

  it('starts some files public for reading and one for writing', () => {
    expect(drive.initialPermissions.get(DRIVE_IDS.welcomeDoc)).toBe('reader');
    expect(drive.initialPermissions.get(DRIVE_IDS.budgetSheet)).toBe('writer');
  });

  it("answers files the app's schema accepts", () => {
    for (const file of [...drive.files.slice(0, 200), byId(DRIVE_IDS.othersHandbook)]) {
      expect(checkShape(DriveFileSchema, toApiFile(file)).ok).toBe(true);
    }
  });
});
