/**
 * The PNG writer and the PPM stream reader (pngEncode.ts, ppmStream.ts), against poppler's own
 * PPM of a fixture's pages: what is written is decoded here (chunks, CRCs, zlib's inflate, the
 * filter bytes) and its pixels compared with the PPM's, whatever sizes the stream's pieces have.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { createPngWriter, encodePng } from '../../src/render/pngEncode';
import { ppmToPng, PpmError, type PngPage } from '../../src/render/ppmStream';

const PRICE_LIST = path.resolve(__dirname, '../../dev/fakeDrive/exports/pdf/price-list.pdf');

/** Pages `first` to `last` of the price list at `width` px, as pdftoppm writes them to its standard output. */
const ppmOf = (first: number, last: number, width: number) =>
  execFileSync('pdftoppm', ['-f', String(first), '-l', String(last), '-scale-to-x', String(width), '-scale-to-y', '-1', PRICE_LIST], {
    maxBuffer: 64 * 1024 * 1024,
  });

/** One PPM's size and pixels, read independently of ppmStream.ts. */
function splitPpm(ppm: Buffer): { width: number; height: number; pixels: Buffer }[] {
  const images = [];
  let at = 0;
  while (at < ppm.length) {
    const [head, w, h] = /^P6\n(\d+) (\d+)\n255\n/.exec(ppm.toString('latin1', at, at + 40)) ?? [];
    const [width, height] = [Number(w), Number(h)];
    const start = at + head!.length;
    images.push({ width, height, pixels: ppm.subarray(start, start + width * height * 3) });
    at = start + width * height * 3;
  }
  return images;
}

/** A PNG decoded: its chunks' CRCs checked, IHDR read, the rows inflated and their filter bytes (all 0) removed. */
function decodePng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typeAndData) >>> 0);
    chunks.push({ type: typeAndData.toString('latin1', 0, 4), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const ihdr = chunks[0]!.data;
  const [width, height] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)];
  expect([...ihdr.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const raw = inflateSync(chunks[1]!.data);
  const row = width * 3 + 1;
  expect(raw.length).toBe(row * height);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    expect(raw[y * row]).toBe(0);
    raw.copy(pixels, y * (row - 1), y * row + 1, (y + 1) * row);
  }
  return { width, height, pixels };
}

/** `bytes` cut in pieces of the given sizes, in turn. */
async function* pieces(bytes: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
  for (let at = 0, i = 0; at < bytes.length; i += 1) {
    const size = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function all(pages: AsyncIterable<PngPage>): Promise<PngPage[]> {
  const out = [];
  for await (const page of pages) out.push(page);
  return out;
}

test("a page's PNG holds poppler's pixels exactly", async () => {
  const [page] = splitPpm(ppmOf(1, 1, 640));
  const png = await encodePng(page!.width, page!.height, page!.pixels);
  const decoded = decodePng(png);
  expect([decoded.width, decoded.height]).toEqual([640, page!.height]);
  expect(decoded.pixels.equals(page!.pixels)).toBe(true);
  // The compression does its work: a text page is far smaller than its pixels.
  expect(png.length).toBeLessThan(page!.pixels.length / 10);
});

test('pixels written in pieces that cut rows anywhere make the same image', async () => {
  const width = 5;
  const height = 4;
  const pixels = Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 37) % 256));
  const writer = createPngWriter(width, height);
  await writer.write(Buffer.alloc(0));
  for (let at = 0, i = 0; at < pixels.length; i += 1) {
    const size = [1, 14, 16, 2, 15, 12][i % 6]!;
    await writer.write(pixels.subarray(at, at + size));
    at += size;
  }
  expect(decodePng(await writer.end()).pixels.equals(pixels)).toBe(true);
});

test('a writer refuses more pixels than its image holds, and ends only when it has them all', async () => {
  const writer = createPngWriter(2, 2);
  await expect(writer.write(Buffer.alloc(13))).rejects.toThrow(RangeError);
  await writer.write(Buffer.alloc(6));
  await expect(writer.end()).rejects.toThrow(/6 of its 12 bytes/);
});

test("pdftoppm's stream of pages becomes one PNG per page, in order, its pieces cut anywhere", async () => {
  const ppm = ppmOf(1, 3, 640);
  const expected = splitPpm(ppm);
  const pages = await all(ppmToPng(pieces(ppm, [3, 7, 65536, 11, 100_003]), 640 * 1000));
  expect(pages).toHaveLength(3);
  pages.forEach((page, i) => {
    const decoded = decodePng(page.png);
    expect([page.width, page.height]).toEqual([decoded.width, decoded.height]);
    expect(decoded.pixels.equals(expected[i]!.pixels)).toBe(true);
  });
});

test('a page larger than the limit, a stream cut short and one that is not PPM are refused', async () => {
  const ppm = ppmOf(1, 1, 640);
  await expect(all(ppmToPng(pieces(ppm, [65536]), 640 * 904))).rejects.toThrow(PpmError);
  await expect(all(ppmToPng(pieces(ppm.subarray(0, ppm.length - 1), [65536]), 640 * 1000))).rejects.toThrow(/cut/);
  await expect(all(ppmToPng(pieces(Buffer.from('%PDF-1.7 not an image at all, and long enough to tell'), [8]), 1e6))).rejects.toThrow(/no PPM/);
});
