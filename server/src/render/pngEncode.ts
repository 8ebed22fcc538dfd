/**
 * A PNG of 8-bit RGB pixels, written as the pixels arrive (pdfPages.ts streams poppler's PPM into
 * it): each row prefixed by filter 0 (None) and compressed by zlib's deflate (level 6) off the event
 * loop, so a page's raw pixels are never held whole. Filter 0 measured smaller and faster than Sub
 * or Up on text pages (docs/decisions/pdf-renderer.md).
 */
import { once } from 'node:events';
import { crc32, createDeflate } from 'node:zlib';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function header(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  // Bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr)]);
}

export interface PngWriter {
  /** The next pixels (RGB bytes, row after row; any length). Resolves when the compressor can take more. */
  write(pixels: Buffer): Promise<void>;
  /** The PNG, once all `width × height × 3` bytes were written. */
  end(): Promise<Buffer>;
}

/** A PNG writer for an image of `width × height` RGB pixels. */
export function createPngWriter(width: number, height: number): PngWriter {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) throw new RangeError('A PNG needs a positive size.');
  const rowBytes = width * 3;
  const expected = rowBytes * height;
  const deflate = createDeflate({ level: 6 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const finished = once(deflate, 'end');
  // Keeps an error from being unhandled before `end` awaits it.
  finished.catch(() => undefined);
  let written = 0;
  return {
    async write(pixels) {
      if (written + pixels.length > expected) throw new RangeError('More pixels than the PNG holds.');
      const column = written % rowBytes;
      const starts = Math.floor((column + pixels.length - 1) / rowBytes) + (column === 0 ? 1 : 0);
      const out = Buffer.allocUnsafe(pixels.length + (pixels.length === 0 ? 0 : starts));
      let from = 0;
      let to = 0;
      let at = column;
      while (from < pixels.length) {
        if (at === 0) out[to++] = 0;
        const take = Math.min(rowBytes - at, pixels.length - from);
        pixels.copy(out, to, from, from + take);
        from += take;
        to += take;
        at = (at + take) % rowBytes;
      }
      written += pixels.length;
      if (!deflate.write(out)) await once(deflate, 'drain');
    },
    async end() {
      if (written !== expected) throw new RangeError(`The PNG got ${written} of its ${expected} bytes.`);
      deflate.end();
      await finished;
      return Buffer.concat([header(width, height), chunk('IDAT', Buffer.concat(compressed)), chunk('IEND', Buffer.alloc(0))]);
    },
  };
}

/** A PNG of `rgb` (`width × height × 3` bytes, row after row). */
export async function encodePng(width: number, height: number, rgb: Buffer): Promise<Buffer> {
  const writer = createPngWriter(width, height);
  await writer.write(rgb);
  return writer.end();
}
