/**
 * The signing of images in an owner's page: only the image paths of `<img>` elements' `src` and
 * `srcset` are signed (a document's text naming such a path stays as written), each for its own
 * image, the same throughout a signing window.
 */
import { CONTENT_IMAGE_PATH, SIGNED_IMAGE_QUERY } from '#client/contract/nativeContentRules';
import { createImageSignatures, SIGNED_IMAGE_LIFETIME_S, SIGNING_WINDOW_S } from '../../src/native/imageSignature';

const A = `/content/images/${'a'.repeat(43)}`;
const B = `/content/images/${'b'.repeat(43)}`;
const SECRET = 'a-secret-of-enough-length-for-tests-0123456789';
const at = (ms: number) => createImageSignatures(SECRET, () => ms);
const WINDOW_MS = SIGNING_WINDOW_S * 1000;
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % WINDOW_MS);

/** The signed query of each image path in `html`, by path. */
function signedPaths(html: string): Map<string, URLSearchParams> {
  const found = new Map<string, URLSearchParams>();
  for (const m of html.replace(/&amp;/g, '&').matchAll(/(\/content\/images\/[\w-]+)\?(exp=\d+&sig=[\w-]+)/g)) found.set(m[1]!, new URLSearchParams(m[2]!));
  return found;
}

test("signs each image's src and srcset for that image, and nothing a document's text says", () => {
  const signatures = at(T0 + 1000);
  const exp = signatures.expiry();
  const html = [
    `<p>See ${A} and src="${B}"</p>`,
    `<img alt="a > b" src="${A}" loading="lazy">`,
    `<img src="${B}" srcset="${A} 480w, ${B} 960w" sizes="100vw" alt="">`,
  ].join('');
  const signed = signatures.signImages(html, exp);
  expect(signed).toContain(`<p>See ${A} and src="${B}"</p>`);
  expect(signed.match(/\?exp=/g)).toHaveLength(4);
  expect(signed).not.toMatch(/\?exp=\d+&sig=/); // the '&' written as a reference, in an attribute
  const queries = signedPaths(signed);
  expect([...queries.keys()].sort()).toEqual([A, B]);
  for (const [path, query] of queries) {
    const id = path.split('/').pop()!;
    expect(CONTENT_IMAGE_PATH.test(path)).toBe(true);
    expect([SIGNED_IMAGE_QUERY.exp.test(query.get('exp')!), SIGNED_IMAGE_QUERY.sig.test(query.get('sig')!)]).toEqual([true, true]);
    expect(signatures.allows(id, query.get('exp')!, query.get('sig')!)).toBe(true);
  }
  const a = queries.get(A)!;
  expect(signatures.allows('b'.repeat(43), a.get('exp')!, a.get('sig')!)).toBe(false);
});

test('one expiry throughout a signing window, a later one in the next; each between the lifetime less a window and the lifetime away', () => {
  const first = at(T0).expiry();
  expect(at(T0 + WINDOW_MS - 1).expiry()).toBe(first);
  expect(at(T0 + WINDOW_MS).expiry()).toBe(first + SIGNING_WINDOW_S);
  for (const ms of [T0, T0 + WINDOW_MS - 1000]) {
    const left = at(ms).expiry() * 1000 - ms;
    expect(left).toBeGreaterThan((SIGNED_IMAGE_LIFETIME_S - SIGNING_WINDOW_S) * 1000);
    expect(left).toBeLessThanOrEqual(SIGNED_IMAGE_LIFETIME_S * 1000);
  }
});

test('a signature is refused once expired, under another secret, or when it names a time further than the lifetime', () => {
  const id = 'a'.repeat(43);
  const query = signedPaths(at(T0).signImages(`<img src="${A}">`, at(T0).expiry())).get(A)!;
  const [exp, sig] = [query.get('exp')!, query.get('sig')!];
  expect(at(Number(exp) * 1000 - 1).allows(id, exp, sig)).toBe(true);
  expect(at(Number(exp) * 1000).allows(id, exp, sig)).toBe(false);
  expect(createImageSignatures(`${SECRET}-other`, () => T0).allows(id, exp, sig)).toBe(false);
  // Another instance whose clock runs a few seconds behind still serves it.
  expect(at(T0 - 5000).allows(id, exp, sig)).toBe(true);
  const far = String(Math.floor(T0 / 1000) + 2 * SIGNED_IMAGE_LIFETIME_S);
  const farQuery = signedPaths(at(T0).signImages(`<img src="${A}">`, Number(far))).get(A)!;
  expect(at(T0).allows(id, far, farQuery.get('sig')!)).toBe(false);
});
