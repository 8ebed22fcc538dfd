/**
 * The contract's rule for rendered content's image paths: our image route's paths, and the owner's
 * page's signed ones exactly as the server writes them (server/src/native/imageSignature.ts; the
 * server's own output is checked in server/test/native/ownerPageImages.test.ts), nothing else.
 */
import { keepsContentAttribute, signedImagePath } from './nativeContentRules';

const ID = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const OTHER = 'ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210abcdefg';
const SIG = 'A'.repeat(21) + '-' + 'b'.repeat(21);
const path = (id: string) => `/content/images/${id}`;
const signed = (id: string, exp = 1_900_000_000, sig = SIG) => signedImagePath(path(id), exp, sig);
const keeps = (name: string, value: string, node = 'IMG') => keepsContentAttribute(node, name, value);

it("keeps an image's path and its signed path, as `src` and in a srcset", () => {
  expect(keeps('src', path(ID))).toBe(true);
  expect(keeps('src', signed(ID))).toBe(true);
  expect(keeps('srcset', `${path(ID)} 640w, ${path(OTHER)} 1280w`)).toBe(true);
  expect(keeps('srcset', `${signed(ID)} 640w, ${signed(OTHER)} 1280w, ${signed(ID)} 1920w`)).toBe(true);
});

it.each([
  ['another host', `https://evil.example${signed(ID)} 640w`],
  ['a protocol-relative host', `//evil.example${signed(ID)} 640w`],
  ['javascript:', `javascript:alert(1)//${signed(ID)} 640w`],
  ['an extra query key', `${signed(ID)}&x=1 640w`],
  ['a key before the signature', `${path(ID)}?x=1&exp=1900000000&sig=${SIG} 640w`],
  ['the keys swapped', `${path(ID)}?sig=${SIG}&exp=1900000000 640w`],
  ['an expiry alone', `${path(ID)}?exp=1900000000 640w`],
  ['a short signature', `${signed(ID, 1_900_000_000, 'abc')} 640w`],
  ['a fragment', `${signed(ID)}#x 640w`],
  ['signed and unsigned candidates mixed', `${signed(ID)} 640w, ${path(OTHER)} 1280w`],
  ['seven candidates', Array.from({ length: 7 }, (_, i) => `${signed(ID)} ${640 + i}w`).join(', ')],
  ['a density descriptor', `${signed(ID)} 2x`],
])('refuses a srcset with %s', (_what, srcset) => {
  expect(keeps('srcset', srcset)).toBe(false);
});

it.each([
  ['another host', `https://evil.example${signed(ID)}`],
  ['javascript:', 'javascript:alert(1)'],
  ['an extra query key', `${signed(ID)}&x=1`],
  ['an empty signature', `${path(ID)}?exp=1900000000&sig=`],
  ['a zero expiry', signed(ID, 0)],
])('refuses a src with %s', (_what, src) => {
  expect(keeps('src', src)).toBe(false);
});

it('keeps image paths on images alone', () => {
  expect(keeps('src', signed(ID), 'A')).toBe(false);
  expect(keeps('srcset', `${signed(ID)} 640w`, 'DIV')).toBe(false);
});
