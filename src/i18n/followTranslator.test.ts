/**
 * @jest-environment node
 */
import { createCatalogueSet, type CatalogueLoaders } from './catalogueSet';
import { followTranslator } from './followTranslator';
import { createTextTranslator } from './textTranslator';
import type { Catalogue } from './translator';

const en = { hello: 'Hello' } as const;
type S = typeof en;

/** Chunk loaders that answer when the test says: each language's next load resolves or fails. */
function chunks() {
  const waiting = new Map<string, { resolve: (m: { default: Catalogue<S> }) => void; reject: (e: Error) => void }>();
  const loader = (language: string) => () => new Promise<{ default: Catalogue<S> }>((resolve, reject) => waiting.set(language, { resolve, reject }));
  const loaders = Object.fromEntries(['de', 'es', 'fr', 'it', 'po', 'pt', 'ru', 'ja', 'ko', 'tr'].map((l) => [l, loader(l)])) as unknown as CatalogueLoaders<S>;
  const settle = async (language: string, hello: string | Error) => {
    const chunk = waiting.get(language)!;
    waiting.delete(language);
    if (hello instanceof Error) chunk.reject(hello);
    else chunk.resolve({ default: { hello } });
    await new Promise((r) => setTimeout(r, 0));
  };
  return { catalogues: createCatalogueSet(en, loaders, createTextTranslator<S>), settle, asked: () => [...waiting.keys()] };
}

let warn: jest.SpyInstance;
beforeEach(() => (warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)));
afterEach(() => warn.mockRestore());

it('keeps the words shown until the language asked for arrives, then says it changed', async () => {
  const { catalogues, settle } = chunks();
  let changes = 0;
  const words = followTranslator(catalogues, () => (changes += 1));
  expect(words('en').t('hello')).toBe('Hello');
  expect(words('de').t('hello')).toBe('Hello');
  await settle('de', 'Hallo');
  expect(changes).toBe(1);
  expect(words('de').t('hello')).toBe('Hallo');
  // No flash of English on the next switch: German stays until French is in.
  expect(words('fr').t('hello')).toBe('Hallo');
  await settle('fr', 'Bonjour');
  expect(words('fr').t('hello')).toBe('Bonjour');
  expect(changes).toBe(2);
});

it('a language that cannot be fetched shows English, said in the console; the next switch to it tries again', async () => {
  const { catalogues, settle, asked } = chunks();
  let changes = 0;
  const words = followTranslator(catalogues, () => (changes += 1));
  words('de');
  await settle('de', new Error('ChunkLoadError'));
  expect(changes).toBe(1);
  expect(words('de').t('hello')).toBe('Hello');
  expect(warn).toHaveBeenCalledWith('The de texts could not be loaded; showing English.', expect.any(Error));
  expect(asked()).toEqual([]);
  words('en');
  words('de');
  expect(asked()).toEqual(['de']);
  await settle('de', 'Hallo');
  expect(words('de').t('hello')).toBe('Hallo');
});

it('a language no longer asked for changes nothing when it arrives', async () => {
  const { catalogues, settle } = chunks();
  let changes = 0;
  const words = followTranslator(catalogues, () => (changes += 1));
  words('de');
  words('ja');
  await settle('de', 'Hallo');
  expect(changes).toBe(0);
  expect(words('ja').t('hello')).toBe('Hello');
});
