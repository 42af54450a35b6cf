// processImage: an uploaded file in, the stored sizes out (WebP, upright, without metadata).
//
// 1. bytes: at most MAX_IMAGE_BYTES (413);
// 2. content: the magic bytes must be those of JPEG, PNG, WebP, GIF, AVIF or HEIC, and the
//    decoder must agree (the file name and declared type are never looked at);
// 3. pixels: width × height from the header, before any decoding, at most MAX_IMAGE_PIXELS; sharp's
//    limitInputPixels stays on as a second guard, so a 20000×20000 PNG of 1 MB is refused unread;
// 4. one decode (shrink-on-load for JPEG) to an intermediate at the largest stored size,
//    turned upright by its EXIF orientation and converted to sRGB;
// 5. every size encoded from that intermediate as WebP. sharp writes no metadata unless asked,
//    so EXIF (GPS, camera, time), XMP, IPTC and ICC profiles are all gone from the output.
import os from 'node:os';
import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { HttpError } from '../../plugins/errors.ts';
import {
  IMAGE_TOO_MANY_BYTES_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_VARIANTS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  NOT_AN_IMAGE_MESSAGE,
  type ImageKind,
  type VariantSpec,
} from './limits.ts';

// libvips' operation cache keeps recent images in memory for re-use; every upload here is new,
// so it would only hold memory.
sharp.cache(false);

export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';

/** The format the first bytes announce, or null for anything else (text, SVG, TIFF, PDF…). */
export function sniffImageFormat(bytes: Uint8Array): SourceFormat | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    // ISO base media file: the major brand, then (from byte 16) the compatible brands.
    const boxSize = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), 64);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
    if (brands.some((brand) => ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand))) return 'heic';
  }
  return null;
}

/** sharp's name for what each sniffed format must decode as. */
const DECODED_AS: Record<SourceFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif', heic: 'heif' };

export interface ProcessedVariant {
  name: string;
  width: number;
  height: number;
  contentType: 'image/webp';
  bytes: Buffer;
}

export interface ProcessedImage {
  kind: ImageKind;
  /** What was uploaded (format by content; size after turning it upright). */
  source: { format: SourceFormat; width: number; height: number };
  /** In the order of IMAGE_VARIANTS[kind]: the primary size first. */
  variants: ProcessedVariant[];
}

const decodeOptions = {
  limitInputPixels: MAX_IMAGE_PIXELS,
  // 'error' refuses truncated and corrupt files but lets through the harmless warnings many
  // cameras' JPEGs raise (e.g. extra bytes before a marker).
  failOn: 'error',
  // GIF and animated WebP: the first frame only.
  pages: 1,
} as const satisfies SharpOptions;

function notAnImage(): HttpError {
  return new HttpError(400, NOT_AN_IMAGE_MESSAGE);
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** The crop box of `spec` inside a `width`×`height` picture: the box's shape, never larger than either. */
function cropSize(spec: VariantSpec, width: number, height: number): { width: number; height: number } {
  const ratio = spec.width / spec.height;
  const cropWidth = Math.max(1, Math.min(spec.width, width, Math.floor(height * ratio)));
  return { width: cropWidth, height: Math.max(1, Math.round(cropWidth / ratio)) };
}

// At most one image per core is processed at once; the rest wait. libvips works on one image with
// sharp.concurrency() threads (1 on these machines), so more at once would not be faster, only hold
// more decoded pixels in memory.
const maxConcurrent = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing job hands its slot straight to the next waiter, so newcomers cannot overtake.
  if (running < maxConcurrent) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Checks an uploaded file by its content and turns it into the sizes stored for `kind`.
 * Refusals are HttpErrors: 413 for too many bytes, 400 for anything that is not a readable image
 * of at most MAX_IMAGE_PIXELS.
 */
export async function processImage(bytes: Uint8Array, kind: ImageKind): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_MANY_BYTES_MESSAGE);
  const format = sniffImageFormat(bytes);
  if (!format) throw notAnImage();
  return withSlot(() => decodeAndEncode(bytes, kind, format));
}

async function decodeAndEncode(bytes: Uint8Array, kind: ImageKind, format: SourceFormat): Promise<ProcessedImage> {
  // The header only: dimensions and format, no pixels decoded yet.
  let header: Metadata;
  try {
    header = await sharp(bytes, decodeOptions).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw new HttpError(400, IMAGE_TOO_MANY_PIXELS_MESSAGE);
    throw notAnImage();
  }
  if (header.format !== DECODED_AS[format] || !header.width || !header.height) throw notAnImage();
  const frameHeight = header.pageHeight ?? header.height;
  if (header.width * frameHeight > MAX_IMAGE_PIXELS) throw new HttpError(400, IMAGE_TOO_MANY_PIXELS_MESSAGE);

  const specs: readonly VariantSpec[] = IMAGE_VARIANTS[kind];
  const largest = specs[0]!;
  let intermediate: { data: Buffer; info: OutputInfo };
  try {
    intermediate = await sharp(bytes, decodeOptions)
      .rotate()
      .resize(largest.width, largest.height, {
        // A crop is cut later; keep enough of the picture to cover the largest crop box.
        fit: largest.fit === 'inside' ? 'inside' : 'outside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isPixelLimitError(error)) throw new HttpError(400, IMAGE_TOO_MANY_PIXELS_MESSAGE);
    throw notAnImage();
  }

  const { width, height, channels } = intermediate.info;
  const upright = (header.orientation ?? 1) >= 5 ? { width: frameHeight, height: header.width } : { width: header.width, height: frameHeight };
  const raw = { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } };

  const variants = await Promise.all(
    specs.map(async (spec): Promise<ProcessedVariant> => {
      const size = spec.fit === 'crop' ? cropSize(spec, width, height) : null;
      const pipeline = sharp(intermediate.data, raw).resize(
        size ? { width: size.width, height: size.height, fit: 'cover', position: 'centre' } : { width: spec.width, height: spec.height, fit: 'inside', withoutEnlargement: true },
      );
      const { data, info } = await pipeline.webp({ quality: spec.quality, effort: 4 }).toBuffer({ resolveWithObject: true });
      return { name: spec.name, width: info.width, height: info.height, contentType: 'image/webp', bytes: data };
    }),
  );
  return { kind, source: { format, ...upright }, variants };
}
