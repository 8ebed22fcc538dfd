/**
 * The panel in the editor's language: the real store, sagas and api client against the Mirage
 * drive; words, a plural and dates by the language's rules.
 */
import { configure, screen, within } from '@testing-library/react';
import { renderSettings } from '../../test/helpers/renderSettings';
import type { PanelHarness } from '../../test/helpers/panelHarness';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

const cells = (table: HTMLElement, column: number) =>
  within(within(table).getAllByRole('rowgroup')[1]!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[column]!.textContent ?? '');

it('Russian: table, headers, the item count’s plural form and dates', async () => {
  panel = renderSettings({ language: 'ru' }).panel;
  const table = await screen.findByRole('table', { name: 'Файлы в папке «Мой диск»' });
  for (const name of ['Название', 'Владелец', 'Изменён']) expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Аккаунт Диска' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Обновить список' })).toBeInTheDocument();

  const n = (await panel.until((s) => s.files.status === 'ready' && s.files.items.length > 0)).files.items.length;
  const form = n % 10 === 1 && n % 100 !== 11 ? 'объект' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'объекта' : 'объектов';
  expect(await screen.findByText(`${n} ${form}`)).toBeInTheDocument();

  const dates = cells(table, 2).filter(Boolean);
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
});

it('German: each row’s accessible name gives its kind in German; dates as day.month.year', async () => {
  panel = renderSettings({ language: 'de' }).panel;
  const table = await screen.findByRole('table', { name: 'Dateien in Meine Ablage' });
  await panel.until((s) => s.files.status === 'ready' && s.files.items.length > 0);
  expect(await within(table).findByRole('button', { name: /^Projects\s*, Ordner$/ })).toBeInTheDocument();
  expect(within(table).getByRole('columnheader', { name: 'Geändert' })).toBeInTheDocument();
  const dates = cells(table, 2).filter(Boolean);
  for (const date of dates) expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
});

describe('two messages said together, joined as each language writes them', () => {
  it('Japanese: no space after 。', async () => {
    panel = renderSettings({ language: 'ja', mock: { failingPaths: ['/api/user'] } }).panel;
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^設定を読み込めませんでした。サーバーは現在利用できません。/);
    expect(alert.textContent).not.toContain('。 ');
  });

  it('Korean: one space after the period, as Korean spaces its sentences', async () => {
    panel = renderSettings({ language: 'ko', mock: { failingPaths: ['/api/user'] } }).panel;
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^설정을 불러오지 못했습니다\. 지금은 서버를 사용할 수 없습니다\./);
  });
});
