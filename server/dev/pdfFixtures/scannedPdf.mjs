/**
 * A scanned-style PDF (`exports/pdf/scanned.pdf`, its SOURCE.md): page 1 a photograph-like image
 * over most of the page (a 160 × 220 px picture of smooth colour waves and noise, from a seeded
 * generator, drawn interpolated, so it is blurry noise at any width, as a scan is), under one line
 * of text; page 2 one line of text only. A renderer should store page 1 as JPEG and page 2 as PNG.
 */
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';
import { writePdf } from './hostilePdfs.mjs';

export const SCANNED_TEXT = ['A scanned photograph', 'Page 2 holds text only'];

/** The picture's RGB pixels: colour waves plus noise of ±30, the same on every run. */
function picture(width, height) {
  let seed = 20261129;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [u, v] = [x / width, y / height];
      const waves = [120 + 90 * Math.sin(6 * u + 2 * v), 110 + 80 * Math.cos(5 * v - 3 * u), 100 + 70 * Math.sin(4 * (u + v))];
      waves.forEach((base, c) => (pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(base + (random() - 0.5) * 60)))));
    }
  }
  return pixels;
}

export function scannedPages() {
  const [width, height] = [160, 220];
  const line = (text) => `BT /F1 14 Tf 40 790 Td (${text}) Tj ET`;
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R 7 0 R] /Count 2 /MediaBox [0 0 595 842] >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>',
    { dict: '', stream: `q 515 0 0 700 40 60 cm /Im1 Do Q ${line(SCANNED_TEXT[0])}` },
    {
      dict: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Interpolate true /Filter /FlateDecode`,
      stream: deflateSync(picture(width, height), { level: 9 }),
    },
    '<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 8 0 R >>',
    { dict: '', stream: line(SCANNED_TEXT[1]) },
  ]);
}
