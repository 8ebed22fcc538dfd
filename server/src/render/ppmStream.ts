/**
 * Poppler's pages as PNG, straight from `pdftoppm`'s standard output: binary PPM images (P6,
 * maxval 255) one after the other, each one's pixels passed to a PNG writer (pngEncode.ts) as
 * they arrive. Reading waits while the compressor is busy, so the child waits too (the pipe's
 * back-pressure): at most a pipe's and a compressor's buffers of raw pixels are held.
 */
import { createPngWriter, type PngWriter } from './pngEncode';

export interface PngPage {
  width: number;
  height: number;
  png: Buffer;
}

/** The stream is not PPM, or is cut. */
export class PpmError extends Error {}
/** An image's size is larger than a page may be (`maxPixels`). */
export class PageTooLargeError extends PpmError {}

const HEADER = /^P6\s+(\d{1,6})\s+(\d{1,6})\s+(\d{1,5})\s/;
const MAX_HEADER = 64;

function parseHeader(bytes: Buffer, maxPixels: number): { width: number; height: number; length: number } | null {
  const text = bytes.subarray(0, MAX_HEADER).toString('latin1');
  const match = HEADER.exec(text);
  if (!match) {
    if (bytes.length >= MAX_HEADER || !/^(P(6(\s+\d*){0,3})?)?$/.test(text)) throw new PpmError('pdftoppm wrote no PPM image.');
    return null;
  }
  const [width, height, maxval] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (maxval !== 255 || width === 0 || height === 0) throw new PpmError('pdftoppm wrote an unexpected PPM image.');
  if (width * height > maxPixels) throw new PageTooLargeError(`A page of ${width} × ${height} px is larger than ${maxPixels} px.`);
  return { width, height, length: match[0].length };
}

/** Each PPM image of `source` as a PNG, in order; an image of more than `maxPixels` pixels throws PageTooLargeError, a cut stream PpmError. */
export async function* ppmToPng(source: AsyncIterable<Buffer>, maxPixels: number): AsyncGenerator<PngPage> {
  let pending = Buffer.alloc(0);
  let current: { writer: PngWriter; width: number; height: number; left: number } | null = null;
  for await (const data of source) {
    let rest = data;
    while (rest.length > 0) {
      if (!current) {
        pending = Buffer.concat([pending, rest]);
        rest = Buffer.alloc(0);
        const head = parseHeader(pending, maxPixels);
        if (!head) break;
        current = { writer: createPngWriter(head.width, head.height), width: head.width, height: head.height, left: head.width * head.height * 3 };
        rest = pending.subarray(head.length);
        pending = Buffer.alloc(0);
        continue;
      }
      const take = Math.min(current.left, rest.length);
      await current.writer.write(rest.subarray(0, take));
      current.left -= take;
      rest = rest.subarray(take);
      if (current.left === 0) {
        const { writer, width, height } = current;
        current = null;
        yield { width, height, png: await writer.end() };
      }
    }
  }
  if (current || pending.length > 0) throw new PpmError('pdftoppm’s image stream was cut.');
}
