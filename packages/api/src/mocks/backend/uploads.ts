// Uploads in the fake: checked by content like on the real server, kept as data URLs, with their
// pixel size (read from the file's header) for the post's `images`.
import { REFUSAL_MESSAGES } from '../../contract/index.ts';
import { refuse } from './context.ts';

interface Size {
  width: number;
  height: number;
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.slice(from, to));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** The first JPEG frame header's size (SOF0–SOF15 but DHT, JPG and DAC), walking the segments. */
function jpegSize(b: Uint8Array): Size | null {
  let at = 2;
  while (at + 9 < b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

/** WebP's three layouts: lossy (VP8), lossless (VP8L) and extended (VP8X). */
function webpSize(b: Uint8Array): Size | null {
  switch (ascii(b, 12, 16)) {
    case 'VP8 ':
      return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    case 'VP8L':
      return { width: 1 + (((b[22]! & 0x3f) << 8) | b[21]!), height: 1 + (((b[24]! & 0x0f) << 10) | (b[23]! << 2) | ((b[22]! & 0xc0) >> 6)) };
    case 'VP8X':
      return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
    default:
      return null;
  }
}

// The formats the server takes, recognised by their first bytes, each with where its size is.
const FORMATS: Array<{ matches: (b: Uint8Array) => boolean; size: (b: Uint8Array) => Size | null }> = [
  { matches: (b) => b[0] === 0x89 && ascii(b, 1, 4) === 'PNG', size: (b) => ({ width: (u16be(b, 16) << 16) | u16be(b, 18), height: (u16be(b, 20) << 16) | u16be(b, 22) }) },
  { matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, size: jpegSize },
  { matches: (b) => ascii(b, 0, 4) === 'GIF8', size: (b) => ({ width: u16le(b, 6), height: u16le(b, 8) }) },
  { matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP', size: webpSize },
];

/** Sizes of the fake's uploads by URL (a URL is never reused). */
const uploadSizes = new Map<string, Size>();
let uploads = 0;

const usable = (size: Size | null): size is Size => size !== null && size.width > 0 && size.height > 0;

/** Like the real server, check an upload by its content, not its name or declared type. */
export async function imageDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = FORMATS.find((candidate) => candidate.matches(bytes));
  // A file whose header holds no size is one the server could not decode either.
  const size = format && bytes.length >= 30 ? format.size(bytes) : null;
  if (!usable(size)) refuse(400, REFUSAL_MESSAGES.notAnImage);
  const type = file.type.startsWith('image/') ? file.type : 'image/png';
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  // Every upload gets its own URL, as on the real server, even when two files are identical.
  const url = `data:${type};base64,${btoa(binary)}#upload-${++uploads}`;
  uploadSizes.set(url, size);
  return url;
}

/**
 * The pixel size of a picture the fake holds: an upload's, or a fixture's SVG data URL's
 * (its `width` and `height` attributes); null for any other URL.
 */
export function storedImageSize(url: string): Size | null {
  const uploaded = uploadSizes.get(url);
  if (uploaded) return uploaded;
  if (!url.startsWith('data:image/svg+xml')) return null;
  const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
  const width = /<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1];
  const height = /<svg[^>]*\sheight="(\d+)"/.exec(svg)?.[1];
  const size = { width: Number(width), height: Number(height) };
  return usable(size) ? size : null;
}
