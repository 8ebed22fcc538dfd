/**
 * @jest-environment node
 */
import { en as panelEnglish, type PanelSource } from './panel/en';
import { panelLoaders } from './panel/catalogues';
import { dateFormat, titleCollator } from './format';
import { createTranslator } from './translator';
import type { Language } from './languages';

const panel = async (language: Exclude<Language, 'en'>) => createTranslator<PanelSource>(language, (await panelLoaders[language]()).default);

describe('plurals by the language’s rules', () => {
  it('English: one and other', () => {
    const t = createTranslator<PanelSource>('en', panelEnglish).t;
    expect(t('files.count', { count: 1 })).toBe('1 item');
    expect(t('files.count', { count: 0 })).toBe('0 items');
    expect(t('files.count', { count: 1234 })).toBe('1,234 items');
  });

  it('Russian: one (1, 21), few (2–4, 22), many (5–20, 25), other (fractions)', async () => {
    const { t } = await panel('ru');
    expect([1, 21, 2, 4, 22, 5, 11, 12, 20, 25, 1.5].map((count) => t('files.count', { count }))).toEqual([
      '1 объект',
      '21 объект',
      '2 объекта',
      '4 объекта',
      '22 объекта',
      '5 объектов',
      '11 объектов',
      '12 объектов',
      '20 объектов',
      '25 объектов',
      '1,5 объекта',
    ]);
    expect(t('files.countMore', { count: 21 })).toBe('Загружен 21 объект, ниже есть ещё');
  });

  it('Polish: one (1 only), few (2–4, 22), many (5, 12, 21, 25)', async () => {
    const { t } = await panel('po');
    expect([1, 2, 4, 22, 5, 12, 21, 25].map((count) => t('files.count', { count }))).toEqual([
      '1 element',
      '2 elementy',
      '4 elementy',
      '22 elementy',
      '5 elementów',
      '12 elementów',
      '21 elementów',
      '25 elementów',
    ]);
  });

  it('Japanese and Korean: one form; numbers grouped as the language groups them', async () => {
    expect((await panel('ja')).t('files.count', { count: 1 })).toBe('1 件');
    expect((await panel('ko')).t('files.count', { count: 1200 })).toBe('항목 1,200개');
    expect((await panel('de')).t('files.count', { count: 1200 })).toBe('1.200 Elemente');
  });
});

describe('placeholders and dates', () => {
  it('fills placeholders; a missing value stays visible rather than breaking the text', () => {
    const { t } = createTranslator<PanelSource>('en', panelEnglish);
    expect(t('files.table', { folder: 'Projects' })).toBe('Files in Projects');
    expect(t('files.table', {} as { folder: string })).toBe('Files in {folder}');
  });

  it('formats dates with the language’s medium date, or its short one where the medium is too wide', async () => {
    const date = new Date(2026, 2, 5, 12);
    expect(dateFormat('en').format(date)).toBe('Mar 5, 2026');
    expect(dateFormat('de').format(date)).toBe('05.03.2026');
    expect(dateFormat('ja').format(date)).toBe('2026/03/05');
    expect(dateFormat('ru').format(date)).toBe('05.03.2026');
    expect(dateFormat('pt').format(date)).toBe('05/03/2026');
    expect(dateFormat('po').format(date)).toBe('5 mar 2026');
  });
});

describe('title order', () => {
  it('one collator per language, reused; the language’s alphabet decides', async () => {
    const titles = ['Zebra', 'Ärmel', 'apple', 'File 10', 'File 2'];
    const de = titleCollator('de');
    expect([...titles].sort(de.compare)).toEqual(['apple', 'Ärmel', 'File 2', 'File 10', 'Zebra']);
    expect(titleCollator('de')).toBe(de);
    const tr = titleCollator('tr');
    // Turkish: ç after c, ı before i.
    expect(['çam', 'cam', 'dal'].sort(tr.compare)).toEqual(['cam', 'çam', 'dal']);
    expect(['iz', 'ıs'].sort(tr.compare)).toEqual(['ıs', 'iz']);
    // Polish (stored as po) sorts by Polish rules: ł after l.
    expect(['łoś', 'lis', 'mak'].sort(titleCollator('po').compare)).toEqual(['lis', 'łoś', 'mak']);
  });
});
