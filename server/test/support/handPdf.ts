/**
 * PDFs written by hand for hostile-input tests: `pages` pages sharing one content stream (a line
 * of Helvetica text), and, when asked, an open action running JavaScript, a link action running
 * JavaScript, and an embedded file — what a hostile PDF carries. The cross-reference table is
 * computed, so poppler reads the file without repairing it.
 */
export interface HandPdfOptions {
  pages?: number;
  text?: string;
  /** JavaScript run on opening (an OpenAction) and by a link annotation on the first page. */
  script?: string;
  /** An embedded file's content (in the names tree's EmbeddedFiles). */
  embedded?: string;
}

const escapePdfString = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

export function handPdf({ pages = 1, text = 'Hand made page', script, embedded }: HandPdfOptions = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1;
  // 1: catalog, 2: pages, 3: font, 4: content; the pages follow, then the extras.
  const firstPage = 5;
  const extras = firstPage + pages;
  const stream = `BT /F1 24 Tf 72 720 Td (${escapePdfString(text)}) Tj ET`;
  const jsRef = script === undefined ? null : extras;
  const fileRef = embedded === undefined ? null : extras + (script === undefined ? 0 : 1);
  const names = fileRef === null ? '' : ` /Names << /EmbeddedFiles << /Names [(secret.txt) ${fileRef + 1} 0 R] >> >>`;
  add(`<< /Type /Catalog /Pages 2 0 R${jsRef === null ? '' : ` /OpenAction ${jsRef} 0 R`}${names} >>`);
  const kids = Array.from({ length: pages }, (_, i) => `${firstPage + i} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  for (let i = 0; i < pages; i += 1) {
    const annots = i === 0 && jsRef !== null ? ` /Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /A ${jsRef} 0 R >>]` : '';
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R${annots} >>`);
  }
  if (script !== undefined) add(`<< /Type /Action /S /JavaScript /JS (${escapePdfString(script)}) >>`);
  if (embedded !== undefined) {
    add(`<< /Type /EmbeddedFile /Length ${embedded.length} >>\nstream\n${embedded}\nendstream`);
    add(`<< /Type /Filespec /F (secret.txt) /EF << /F ${fileRef} 0 R >> >>`);
  }
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
