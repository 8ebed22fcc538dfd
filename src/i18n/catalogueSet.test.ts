/**
 * @jest-environment node
 */
import { createTranslator } from './translator';
import { createCatalogueSet, type CatalogueLoaders } from './catalogueSet';
import type { Catalogue } from './translator';

const en = { hello: 'Hello {name}' } as const;
type S = typeof en;

function fakeLoaders() {
  const calls: string[] = [];
  let failNext = false;
  const loader = (text: string) => async (): Promise<{ default: Catalogue<S> }> => {
    calls.push(text);
    if (failNext) {
      failNext = false;
      throw new Error('ChunkLoadError');
    }
    return { default: { hello: text } };
  };
  const loaders: CatalogueLoaders<S> = {
    de: loader('Hallo {name}'),
    es: loader('Hola {name}'),
    fr: loader('Bonjour {name}'),
    it: loader('Ciao {name}'),
    po: loader('Cześć {name}'),
    pt: loader('Olá {name}'),
    ru: loader('Привет, {name}'),
    ja: loader('こんにちは、{name}さん'),
    ko: loader('안녕하세요, {name}님'),
    tr: loader('Merhaba {name}'),
  };
  return { loaders, calls, failOnce: () => (failNext = true) };
}

it('English is there at once; another language is fetched once, however often it is asked for', async () => {
  const { loaders, calls } = fakeLoaders();
  const set = createCatalogueSet(en, loaders, createTranslator);
  expect(set.get('en')?.t('hello', { name: 'Ada' })).toBe('Hello Ada');
  expect(set.get('de')).toBeUndefined();
  const [a, b] = await Promise.all([set.load('de'), set.load('de')]);
  await set.load('de');
  expect(a).toBe(b);
  expect(a.t('hello', { name: 'Ada' })).toBe('Hallo Ada');
  expect(set.get('de')).toBe(a);
  expect(calls).toEqual(['Hallo {name}']);
});

it('a failed fetch rejects, and the next request tries again', async () => {
  const { loaders, calls, failOnce } = fakeLoaders();
  const set = createCatalogueSet(en, loaders, createTranslator);
  failOnce();
  await expect(set.load('ru')).rejects.toThrow('ChunkLoadError');
  expect(set.get('ru')).toBeUndefined();
  expect((await set.load('ru')).t('hello', { name: 'Ада' })).toBe('Привет, Ада');
  expect(calls).toEqual(['Привет, {name}', 'Привет, {name}']);
});
