/**
 * Text the database can store and the pages can show: a string with no NUL and no lone UTF-16
 * surrogate, at most `max` UTF-16 units long. Every text field of the saved model and every id
 * taken from a query passes this rule before it reaches SQL or a page.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max && !value.includes(NUL) && !LONE_SURROGATE.test(value);
}

/** An id the server keys data by: storable text, 1–200 characters, no control characters. */
export function isStorableId(value: unknown): value is string {
  // eslint-disable-next-line no-control-regex
  return isStorableText(value, MAX_ID_LENGTH) && value !== '' && !/[\u0000-\u001f\u007f]/.test(value);
}

/** Storable text that holds more than blanks. */
export function isFilledText(value: unknown, max: number): value is string {
  return isStorableText(value, max) && value.trim() !== '';
}

/** The longest title, font name or mime type the model keeps. */
export const MAX_TEXT_LENGTH = 1000;
/** The longest id (file, folder, widget, instance) the model or a query may hold. */
export const MAX_ID_LENGTH = 200;
