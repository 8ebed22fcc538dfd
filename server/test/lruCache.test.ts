/**
 * What the server keeps in memory is bounded in bytes as well as in entries: the least recently
 * used entries leave until the rest fit; an entry larger than the whole budget is not kept.
 */
import { LruCache } from '../src/lruCache';

const text = (length: number) => 'x'.repeat(length);

test('a byte budget evicts the least recently used entries until the rest fit', () => {
  const cache = new LruCache<string>({ maxBytes: 100, sizeOf: (value) => value.length });
  cache.set('a', text(40));
  cache.set('b', text(40));
  expect(cache.get('a')).toBe(text(40));
  cache.set('c', text(40));
  expect(cache.get('b')).toBeUndefined();
  expect(cache.get('a')).toBe(text(40));
  expect(cache.get('c')).toBe(text(40));
  expect(cache.bytes).toBe(80);
  // One large entry pushes out as many as it needs.
  cache.set('d', text(90));
  expect([cache.get('a'), cache.get('c'), cache.size, cache.bytes]).toEqual([undefined, undefined, 1, 90]);
});

test('the key counts, and a replaced entry is counted at its new size', () => {
  const cache = new LruCache<string>({ maxBytes: 100, sizeOf: (value, key) => value.length + key.length });
  cache.set('k', text(9));
  cache.set('k', text(49));
  expect(cache.bytes).toBe(50);
  cache.set('j', text(49));
  expect([cache.size, cache.bytes]).toEqual([2, 100]);
  cache.set('k', text(59));
  expect([cache.get('j'), cache.bytes]).toEqual([undefined, 60]);
});

test('an entry larger than the whole budget is not kept, and takes the place of none', () => {
  const cache = new LruCache<string>({ maxBytes: 100, sizeOf: (value) => value.length });
  cache.set('small', text(30));
  cache.set('small', text(30));
  cache.set('huge', text(101));
  expect(cache.get('huge')).toBeUndefined();
  expect(cache.get('small')).toBe(text(30));
  // Replacing a kept entry with one too large removes the stale one.
  cache.set('small', text(500));
  expect([cache.get('small'), cache.size, cache.bytes]).toEqual([undefined, 0, 0]);
});

test('the entry limit still holds', () => {
  const cache = new LruCache<number>({ maxEntries: 2 });
  cache.set('a', 1);
  cache.set('b', 2);
  cache.get('a');
  cache.set('c', 3);
  expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
});
