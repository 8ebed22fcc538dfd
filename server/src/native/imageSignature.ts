/**
 * The images of a file visitors may not see, in its owner's own view of it (the widget page the
 * editor and the preview show, for a verified owner): an `<img>` carries no credential, so the
 * page's image paths carry one of their own, written as the page is sent:
 * `?exp=<seconds since the epoch>&sig=<HMAC-SHA256 of the image id and exp>` under a key derived
 * from the app secret (the shape: src/contract/nativeContentRules.ts, SIGNED_IMAGE_QUERY). A
 * signature names one image and one expiry; the image route serves an image visitors may not see
 * only with a valid, unexpired one, and never lets a shared cache keep it (imageRoute.ts).
 *
 * Expiries fall on the ends of windows of SIGNING_WINDOW_S seconds: every page made within one
 * window carries the same paths, so the owner's page can be kept and revalidated within it (its
 * ETag names the expiry), and a path stays good for between SIGNED_IMAGE_LIFETIME_S minus
 * SIGNING_WINDOW_S and SIGNED_IMAGE_LIFETIME_S after its page was sent (45 to 60 minutes): time
 * for the lazy images further down a long document.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONTENT_IMAGE_PATH, signedImagePath, SIGNED_IMAGE_QUERY } from '#client/contract/nativeContentRules';
import { derivedKey } from '../oauth/state';
import { IMAGE_PATH_PREFIX } from '../render/exportLimits';

/** The longest a signed image path is served after its page was sent. */
export const SIGNED_IMAGE_LIFETIME_S = 3600;
/** Pages made within one window of this many seconds carry the same signed paths. */
export const SIGNING_WINDOW_S = 900;
/** How far another server instance's clock may run behind the one that signed. */
const CLOCK_SKEW_S = 60;

export interface ImageSignatures {
  /** Until when images signed now are served (seconds since the epoch): the same throughout a signing window. */
  expiry(): number;
  /** `html` (a stored rendering) with the paths of its images (`src`, `srcset`) signed until `exp`. */
  signImages(html: string, exp: number): string;
  /** Whether `exp` and `sig` let the image `id` be served now. */
  allows(id: string, exp: string, sig: string): boolean;
}

/** An `<img>` tag as the sanitizer writes it (quoted values may hold `>`), and its two attributes naming images. */
const IMG_TAG = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const SOURCE_ATTRIBUTE = /(\s(?:src|srcset)=")([^"]*)"/gi;
const IMAGE_PATH = new RegExp(`${IMAGE_PATH_PREFIX}[A-Za-z0-9_-]+`, 'g');

export function createImageSignatures(appSecret: string, now: () => number = Date.now): ImageSignatures {
  const key = derivedKey(appSecret, 'content-image');
  const signature = (id: string, exp: number) => createHmac('sha256', key).update(`${id}\n${exp}`).digest('base64url');
  const signPath = (path: string, exp: number) =>
    CONTENT_IMAGE_PATH.test(path) ? signedImagePath(path, exp, signature(path.slice(IMAGE_PATH_PREFIX.length), exp)) : path;
  return {
    expiry() {
      const seconds = Math.floor(now() / 1000);
      return seconds - (seconds % SIGNING_WINDOW_S) + SIGNED_IMAGE_LIFETIME_S;
    },
    signImages(html, exp) {
      return html.replace(IMG_TAG, (tag) =>
        tag.replace(SOURCE_ATTRIBUTE, (_whole, name: string, value: string) => {
          // In an attribute, the query's '&' is written as a character reference.
          const signed = value.replace(IMAGE_PATH, (path) => signPath(path, exp).replace(/&/g, '&amp;'));
          return `${name}${signed}"`;
        }),
      );
    },
    allows(id, exp, sig) {
      if (!SIGNED_IMAGE_QUERY.exp.test(exp) || !SIGNED_IMAGE_QUERY.sig.test(sig)) return false;
      const until = Number(exp);
      const seconds = now() / 1000;
      // Compared as written (base64url's spare bits included), in constant time.
      const expected = Buffer.from(signature(id, until));
      const given = Buffer.from(sig);
      const genuine = given.length === expected.length && timingSafeEqual(given, expected);
      return genuine && until > seconds && until <= seconds + SIGNED_IMAGE_LIFETIME_S + CLOCK_SKEW_S;
    },
  };
}
