/**
 * The files of a zip archive (a spreadsheet's zipped HTML export), read as hostile: from its central
 * directory, at most MAX_ZIP_ENTRIES files, each stored or deflated, each inflated to at most its
 * declared size and the whole to at most `maxTotalBytes` (a zip bomb stops at the limit, never after),
 * each checked against its CRC-32. Names are kept as written (never used as paths). Anything else (a
 * truncated archive, an encrypted or multi-disk one, another compression) is an error.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { UnrenderableError } from './unrenderable';

/** More files than this, an archive is refused: one page per sheet, and a spreadsheet has at most 200 sheets. */
export const MAX_ZIP_ENTRIES = 400;

export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

const broken = (why: string) => new Error(`The archive is not a readable zip: ${why}.`);

function endRecord(zip: Buffer): number {
  // The end record is the last 22 bytes, or before a comment of at most 65,535 bytes.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65535); at -= 1) {
    if (zip.readUInt32LE(at) === END_SIGNATURE) return at;
  }
  throw broken('no end record');
}

function inflated(data: Buffer, method: number, size: number): Buffer {
  if (method === 0) return data;
  if (method !== 8) throw broken(`compression method ${method}`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
  } catch {
    throw broken('a file does not inflate to its declared size');
  }
}

export function readZip(zip: Buffer, maxTotalBytes: number): ZipEntry[] {
  if (zip.length < 22) throw broken('too short');
  const end = endRecord(zip);
  const count = zip.readUInt16LE(end + 10);
  if (count > MAX_ZIP_ENTRIES) throw new UnrenderableError('too_large', `The archive holds more than ${MAX_ZIP_ENTRIES} files.`);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw broken('a damaged directory');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    at += 46 + skip;
    if (flags & 1) throw broken('an encrypted file');
    total += size;
    if (total > maxTotalBytes) throw new UnrenderableError('too_large', 'The archive unpacks to more than its limit.');
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_SIGNATURE) throw broken('a damaged file header');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + packed > zip.length) throw broken('a truncated file');
    const bytes = inflated(zip.subarray(start, start + packed), method, size);
    if (bytes.length !== size || crc32(bytes) !== crc) throw broken(`"${name.slice(0, 80)}" does not match its checksum`);
    entries.push({ name, bytes });
  }
  return entries;
}
