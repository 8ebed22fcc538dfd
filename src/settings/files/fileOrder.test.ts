import type { DriveFile } from '../../api/schemas';
import { titleCollator } from '../../i18n/format';
import { FOLDER_MIME } from '../../drive/rules';
import { createFileOrder } from './fileOrder';
import { SORT_COLUMNS, type SortOrder } from './sortFiles';

const en = titleCollator('en');
const file = (id: string, title: string, owner: string, modifiedDate: string, mimeType = 'application/pdf'): DriveFile => ({
  id,
  title,
  mimeType,
  modifiedDate,
  owners: [{ displayName: owner }],
});

const FILES: DriveFile[] = [
  file('f1', 'Zeta', 'Grace', '2026-01-03T00:00:00Z'),
  file('f2', 'alpha', 'Ada', '2026-01-01T00:00:00Z'),
  file('d1', 'Reports', 'Ada', '2026-01-05T00:00:00Z', FOLDER_MIME),
  file('f3', 'Alpha', 'Grace', '2026-01-01T00:00:00Z'),
  file('f4', 'item 10', 'Ada', '2026-01-02T00:00:00Z'),
  file('d2', 'Archive', 'Grace', '2026-01-04T00:00:00Z', FOLDER_MIME),
  file('f5', 'item 9', 'Ada', '2026-01-02T00:00:00Z'),
];
const ids = (rows: DriveFile[]) => rows.map((f) => f.id);
const order = (column: SortOrder['column'], reverse = false): SortOrder => ({ column, reverse });

describe('the files table order', () => {
  it('folders first; by title with the collator (case and numbers as people read them), ties by id', () => {
    const sorted = createFileOrder();
    // "alpha" and "Alpha" are equal to the collator: the id decides, in both directions.
    expect(ids(sorted(FILES, order('title'), en))).toEqual(['d2', 'd1', 'f2', 'f3', 'f5', 'f4', 'f1']);
    expect(ids(sorted(FILES, order('title', true), en))).toEqual(['d1', 'd2', 'f1', 'f4', 'f5', 'f2', 'f3']);
  });

  it('reversed, rows with equal keys stay in title order: only the keys run backwards', () => {
    const sorted = createFileOrder();
    expect(ids(sorted(FILES, order('owner'), en))).toEqual(['d1', 'd2', 'f2', 'f5', 'f4', 'f3', 'f1']);
    expect(ids(sorted(FILES, order('owner', true), en))).toEqual(['d2', 'd1', 'f3', 'f1', 'f2', 'f5', 'f4']);
    expect(ids(sorted(FILES, order('modified'), en))).toEqual(['d2', 'd1', 'f2', 'f3', 'f5', 'f4', 'f1']);
    expect(ids(sorted(FILES, order('modified', true), en))).toEqual(['d1', 'd2', 'f1', 'f5', 'f4', 'f2', 'f3']);
  });

  it('pages merged one by one give the order a single sort of all the rows gives, for every column and direction', () => {
    const many: DriveFile[] = [];
    for (let i = 0; i < 400; i += 1) {
      const n = (i * 7919) % 400;
      many.push(
        file(
          `x${i}`,
          `Doc ${n % 97} ${['é', 'e', 'Z', 'a'][i % 4]}`,
          ['Ada', 'Grace', 'ada'][i % 3]!,
          `2026-01-${String((n % 28) + 1).padStart(2, '0')}`,
          i % 13 ? 'text/plain' : FOLDER_MIME,
        ),
      );
    }
    const byPages = createFileOrder();
    let listed: DriveFile[] = [];
    for (let from = 0; from < many.length; from += 50) {
      listed = listed.concat(many.slice(from, from + 50));
      byPages(listed, order('title'), en);
    }
    for (const column of SORT_COLUMNS) {
      for (const reverse of [false, true]) {
        expect(ids(byPages(listed, order(column, reverse), en))).toEqual(ids(createFileOrder()(listed, order(column, reverse), en)));
      }
    }
    // And the single sort is an order: every neighbour pair is in the column's order.
    const titles = createFileOrder()(listed, order('title'), en);
    for (let i = 1; i < titles.length; i += 1) {
      const [a, b] = [titles[i - 1]!, titles[i]!];
      if ((a.mimeType === FOLDER_MIME) === (b.mimeType === FOLDER_MIME)) expect(en.compare(a.title, b.title)).toBeLessThanOrEqual(0);
    }
  });

  it('a header click sorts nothing again: the same order is the same array, and a new page keeps every column ready', () => {
    const sorted = createFileOrder();
    const compare = jest.spyOn(en, 'compare');
    sorted(FILES, order('title'), en);
    compare.mockClear();
    const owner = sorted(FILES, order('owner'), en);
    expect(sorted(FILES, order('owner'), en)).toBe(owner);
    // The owner order was made with the rows: the click only reads it.
    expect(compare).not.toHaveBeenCalled();
    compare.mockRestore();
  });

  it('starts afresh when the rows are not the last rows extended (another folder, time travel) or the language changes', () => {
    const sorted = createFileOrder();
    expect(ids(sorted(FILES, order('title'), en))).toHaveLength(7);
    const other = [file('o1', 'Other', 'Ada', '2026-01-01T00:00:00Z')];
    expect(ids(sorted(other, order('title'), en))).toEqual(['o1']);
    expect(ids(sorted(FILES.slice(0, 2), order('title'), en))).toEqual(['f2', 'f1']);
    // Turkish has "ç" as a letter after "c"; English reads it as "c".
    const words = [file('a', 'ça', 'Ada', ''), file('b', 'cz', 'Ada', '')];
    expect(ids(sorted(words, order('title'), en))).toEqual(['a', 'b']);
    expect(ids(sorted(words, order('title'), titleCollator('tr')))).toEqual(['b', 'a']);
  });
});
