// The hostile-file corpus of hostile-uploads.test.ts, generated here (no binary fixtures): files
// that are two things at once, files that lie about their size or their kind, broken files, and
// multipart bodies written byte by byte (so a part can carry any header, name or number of parts).
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { png } from './images.ts';

/** A small real JPEG (a gradient, so it has real work in it). */
export async function smallJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a2e33' } }).jpeg().toBuffer();
}

export const HTML_TRAILER = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A JPEG with an HTML page after its end marker: an image to a decoder, a page to a sniffing browser. */
export async function jpegHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([await smallJpeg(), Buffer.from(HTML_TRAILER)]);
}

/** A JPEG with a ZIP archive after it (unzip tools read a ZIP from its end): an image and an archive. */
export async function jpegZipPolyglot(): Promise<Buffer> {
  return Buffer.concat([await smallJpeg(), zipOf('payload.html', Buffer.from(HTML_TRAILER))]);
}

/** ZIP's signatures, any of which in a stored file means the archive survived. */
export const ZIP_SIGNATURES = ['PK\x03\x04', 'PK\x01\x02', 'PK\x05\x06'];

/** A ZIP archive of one stored (uncompressed) file. */
function zipOf(name: string, data: Buffer): Buffer {
  const file = Buffer.from(name, 'latin1');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(file.length, 28);
  const centralOffset = local.length + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

/** "GIF89a" followed by script: what GIFAR-style attacks start from. Not a decodable GIF. */
export const GIF_SCRIPT_POLYGLOT = Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.cookie)//');

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);

/** The first `fraction` of the file: cut off mid-picture. */
export function truncated(bytes: Buffer, fraction = 0.6): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length * fraction));
}

/** Real pictures of each format with noise, so that a cut leaves a header and part of the pixels. */
export async function noisy(format: 'jpeg' | 'png' | 'webp', width = 200, height = 150): Promise<Buffer> {
  const picture = sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  return picture[format]().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb of a few hundred bytes: a PNG whose header declares `width`×`height`
 * (10 gigapixels at 100000×100000), with only the first rows' data (a decoder that trusted the
 * header would allocate the whole picture before noticing).
 */
export function pngDeclaring(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale
  const rows = deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * 4));
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real JPEG whose frame header (SOF) is rewritten to declare `width`×`height` (at most 65535 each). */
export async function jpegDeclaring(width = 65_000, height = 65_000): Promise<Buffer> {
  const bytes = Buffer.from(await smallJpeg(16, 16));
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) throw new Error('jpegDeclaring: lost the markers');
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('jpegDeclaring: no frame header');
}

/** A GIF whose logical screen is 65535×65535, holding one 1×1 frame. */
export function gifDeclaring(width = 65_535, height = 65_535): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4); // a global colour table of 2 entries
  const image = Buffer.alloc(10);
  image[0] = 0x2c; // image descriptor at 0,0, 1×1
  image.writeUInt16LE(1, 5);
  image.writeUInt16LE(1, 7);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0, 0, 0, 255, 255, 255]), image, Buffer.from([2, 2, 0x4c, 0x01, 0, 0x3b])]);
}

/**
 * A lossless WebP whose header is rewritten to declare `width`×`height` (16383×16383, the format's
 * most: 268 megapixels), with the bitstream of an 8×8 picture after it.
 */
export async function webpDeclaring(width = 16_383, height = 16_383): Promise<Buffer> {
  const bytes = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c8102e' } }).webp({ lossless: true }).toBuffer());
  const at = bytes.indexOf('VP8L', 12, 'latin1');
  if (at < 0 || bytes[at + 8] !== 0x2f) throw new Error('webpDeclaring: no lossless header');
  // After the signature byte: 14 bits width-1, 14 bits height-1, the alpha bit, 3 bits version.
  const bits = bytes.readUInt32LE(at + 9);
  bytes.writeUInt32LE(((bits & 0xf0000000) | ((height - 1) << 14) | (width - 1)) >>> 0, at + 9);
  return bytes;
}

/** An animated GIF or WebP of `frames` frames. */
export async function manyFrames(format: 'gif' | 'webp', frames = 500, size = 64): Promise<Buffer> {
  // Two colours in turn: encoders drop a frame that repeats the one before.
  const colours = [await png(size, size, '#c8102e'), await png(size, size, '#2a2e33')];
  const joined = sharp(Array.from({ length: frames }, (_, index) => colours[index % 2]!), { join: { animated: true } });
  return format === 'gif' ? joined.gif().toBuffer() : joined.webp().toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies, byte by byte.

export const BOUNDARY = '----PitlaneHostile7MA4YWxkTrZu0gW';

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; bytes: Uint8Array; type?: string };

/** One part's bytes: headers as given (a filename may hold any byte, NUL included), then the content. */
function partBytes(part: Part): Buffer {
  const disposition = 'filename' in part ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
  const type = 'filename' in part ? `\r\nContent-Type: ${part.type ?? 'image/jpeg'}` : '';
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'latin1');
  const body = 'filename' in part ? Buffer.from(part.bytes) : Buffer.from(part.value, 'utf8');
  return Buffer.concat([head, body, Buffer.from('\r\n')]);
}

/** A whole multipart/form-data body, for `request` or for a socket. */
export function multipartBody(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const payload = Buffer.concat([...parts.map(partBytes), Buffer.from(`--${BOUNDARY}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** The bytes of a body's start, up to (not including) the content of its last part: for a body that never ends. */
export function multipartOpening(parts: readonly Part[]): Buffer {
  return Buffer.concat(parts.map(partBytes)).subarray(0, -2);
}
