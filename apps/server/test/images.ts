// Images for the media tests, generated with sharp (no binary fixtures in the repository).
import { deflateSync, crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/** A photo-like picture: a gradient with noise, so encoders have real work to do. */
export async function photo(width: number, height: number): Promise<Sharp> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8102e"/><stop offset="1" stop-color="#2a2e33"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .png()
    .toBuffer();
  return sharp(gradient).composite([{ input: noise, blend: 'overlay' }]);
}

export const GPS_IFD_POINTER_TAG = 0x8825;

/**
 * A JPEG taken "on its side": stored `width`×`height` with EXIF orientation 6 (show it turned
 * 90° clockwise), GPS coordinates, a camera name, an XMP packet and a Display P3 ICC profile.
 */
export async function phoneJpeg(width = 600, height = 400): Promise<Buffer> {
  const flat = await (await photo(width, height)).png().toBuffer();
  return sharp(flat)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PitlaneCam', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 5/1' },
    })
    .withIccProfile('p3')
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Secret Photographer"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** The tag ids of the first IFD of an EXIF block (as sharp's metadata().exif returns it). */
export function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, index) => u16(ifd + 2 + index * 12));
}

export async function png(width: number, height: number, background = '#c8102e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

/** A two-frame animated GIF: red, then green. */
export async function animatedGif(width = 40, height = 30): Promise<Buffer> {
  const frames = await Promise.all(['#ff0000', '#00ff00'].map((background) => png(width, height, background)));
  return sharp(frames, { join: { animated: true } }).gif().toBuffer();
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
 * A decompression bomb: a valid `size`×`size` black-and-white PNG (400 megapixels at the default
 * 20000) of about 50 KB, which decodes to gigabytes of pixels.
 */
export function pngBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const row = Math.ceil(size / 8) + 1; // a filter byte, then the row's bits
  const pixels = deflateSync(Buffer.alloc(row * size), { level: 9 });
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
