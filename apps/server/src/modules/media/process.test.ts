import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../plugins/errors.ts';
import {
  IMAGE_TOO_MANY_BYTES_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  MAX_IMAGE_BYTES,
  NOT_AN_IMAGE_MESSAGE,
} from './limits.ts';
import { processImage, sniffImageFormat, type ProcessedImage } from './process.ts';
import { GPS_IFD_POINTER_TAG, animatedGif, exifIfd0Tags, phoneJpeg, photo, png, pngBomb } from '../../../test/images.ts';

function variant(image: ProcessedImage, name: string) {
  const found = image.variants.find((v) => v.name === name);
  if (!found) throw new Error(`no ${name} variant`);
  return found;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, message: (error as HttpError).message };
}

describe('processImage', () => {
  it('turns a phone photo upright by its EXIF orientation and strips EXIF, GPS, XMP and ICC', async () => {
    const input = await phoneJpeg(600, 400);
    const before = await sharp(input).metadata();
    // The fixture really carries what must go.
    expect(before.orientation).toBe(6);
    expect(exifIfd0Tags(before.exif!)).toContain(GPS_IFD_POINTER_TAG);
    expect(before.xmp?.toString()).toContain('Secret Photographer');
    expect(before.icc).toBeDefined();

    const image = await processImage(input, 'post');
    expect(image.source).toEqual({ format: 'jpeg', width: 400, height: 600 });
    for (const output of image.variants) {
      const after = await sharp(output.bytes).metadata();
      expect(after.format).toBe('webp');
      expect({ width: after.width, height: after.height }).toEqual({ width: output.width, height: output.height });
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(output.bytes.includes('Secret Photographer')).toBe(false);
      expect(output.bytes.includes('PitlaneCam')).toBe(false);
    }
    // Turned: the stored pictures are portrait, as the phone showed it.
    expect(variant(image, 'full')).toMatchObject({ width: 400, height: 600, contentType: 'image/webp' });
    expect(variant(image, 'card')).toMatchObject({ width: 400, height: 600, contentType: 'image/webp' });
    expect(variant(image, 'thumb')).toMatchObject({ width: 400, height: 600 });
  });

  it('scales a large photo down to 1600 px on its long side, an 800 px wide card size and a 400 px wide thumbnail', async () => {
    const input = await (await photo(2400, 1800)).jpeg().toBuffer();
    const image = await processImage(input, 'post');
    expect(image.variants.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: 'full', width: 1600, height: 1200 },
      { name: 'card', width: 800, height: 600 },
      { name: 'thumb', width: 400, height: 300 },
    ]);
    // The card size is what a phone's feed loads: a fraction of the full size's bytes.
    expect(variant(image, 'card').bytes.length).toBeLessThan(variant(image, 'full').bytes.length / 2);
  });

  it('fits a tall photo inside each box: the card size is 800 px wide unless that would pass 1600 px high', async () => {
    const image = await processImage(await (await photo(1500, 2000)).jpeg().toBuffer(), 'post');
    expect(image.variants.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: 'full', width: 1200, height: 1600 },
      { name: 'card', width: 800, height: 1067 },
      { name: 'thumb', width: 400, height: 533 },
    ]);
    const panorama = await processImage(await (await photo(400, 1200)).jpeg().toBuffer(), 'post');
    expect(variant(panorama, 'card')).toMatchObject({ width: 400, height: 1200 });
    expect(variant(panorama, 'thumb')).toMatchObject({ width: 267, height: 800 });
  });

  it('never scales a small picture up', async () => {
    const image = await processImage(await png(300, 200), 'post');
    expect(variant(image, 'full')).toMatchObject({ width: 300, height: 200 });
    expect(variant(image, 'card')).toMatchObject({ width: 300, height: 200 });
    expect(variant(image, 'thumb')).toMatchObject({ width: 300, height: 200 });
  });

  it('crops avatars square (256 and 96) and covers wide (3:1)', async () => {
    const input = await (await photo(900, 600)).jpeg().toBuffer();
    const avatar = await processImage(input, 'avatar');
    expect(avatar.variants.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: 'large', width: 256, height: 256 },
      { name: 'small', width: 96, height: 96 },
    ]);
    const cover = await processImage(input, 'cover');
    expect(cover.variants.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: 'wide', width: 900, height: 300 },
      { name: 'thumb', width: 480, height: 160 },
    ]);
    const tinyAvatar = await processImage(await png(50, 80), 'avatar');
    expect(variant(tinyAvatar, 'large')).toMatchObject({ width: 50, height: 50 });
  });

  it('reads the content, not the name: PNG, WebP, AVIF and GIF are accepted whatever they are called', async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a2e33' } });
    const inputs = {
      png: await base.clone().png().toBuffer(),
      webp: await base.clone().webp().toBuffer(),
      avif: await base.clone().avif({ effort: 0 }).toBuffer(),
      gif: await base.clone().gif().toBuffer(),
    };
    for (const [format, bytes] of Object.entries(inputs)) {
      expect(sniffImageFormat(bytes)).toBe(format);
      const image = await processImage(bytes, 'post');
      expect(image.source).toEqual({ format, width: 64, height: 48 });
      expect(variant(image, 'full')).toMatchObject({ width: 64, height: 48 });
    }
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const image = await processImage(await animatedGif(40, 30), 'post');
    const full = variant(image, 'full');
    expect(full).toMatchObject({ width: 40, height: 30 });
    const { data } = await sharp(full.bytes).raw().toBuffer({ resolveWithObject: true });
    // Red, the first frame (WebP is lossy: near enough).
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
    expect((await sharp(full.bytes).metadata()).pages ?? 1).toBe(1);
  });

  it('refuses text, SVG, HEIC it cannot decode and empty files as not an image', async () => {
    const heicHeader = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200, 7)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    for (const bytes of [Buffer.from('#!/bin/sh\necho "I am photo.jpg"\n'), svg, heicHeader, Buffer.alloc(0)]) {
      expect(await refusal(processImage(bytes, 'post'))).toEqual({ status: 400, message: NOT_AN_IMAGE_MESSAGE });
    }
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await (await photo(800, 600)).jpeg().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await refusal(processImage(truncated, 'post'))).toEqual({ status: 400, message: NOT_AN_IMAGE_MESSAGE });
  });

  it('refuses a file whose magic bytes and content disagree', async () => {
    // A PNG signature in front of JPEG data.
    const jpeg = await (await photo(64, 64)).jpeg().toBuffer();
    const disguised = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), jpeg]);
    expect(await refusal(processImage(disguised, 'post'))).toEqual({ status: 400, message: NOT_AN_IMAGE_MESSAGE });
  });

  it('refuses a 20000×20000 PNG bomb from its header, without holding its pixels in memory', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const peakBefore = process.resourceUsage().maxRSS; // KiB
    expect(await refusal(processImage(bomb, 'post'))).toEqual({ status: 400, message: IMAGE_TOO_MANY_PIXELS_MESSAGE });
    // Decoded, its 400 megapixels would take at least 400 MB.
    expect(process.resourceUsage().maxRSS - peakBefore).toBeLessThan(150 * 1024);
  });

  it('refuses a picture just over 50 megapixels', async () => {
    const header = pngBomb(7072); // 7072² = 50.01 MP
    expect(await refusal(processImage(header, 'avatar'))).toEqual({ status: 400, message: IMAGE_TOO_MANY_PIXELS_MESSAGE });
  });

  it('refuses more than 15 MB with 413 before looking inside', async () => {
    const jpeg = await (await photo(64, 64)).jpeg().toBuffer();
    const oversized = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]);
    expect(await refusal(processImage(oversized, 'post'))).toEqual({ status: 413, message: IMAGE_TOO_MANY_BYTES_MESSAGE });
    // Exactly the limit is still read (trailing bytes after a JPEG are tolerated).
    const atLimit = oversized.subarray(0, MAX_IMAGE_BYTES);
    expect((await processImage(atLimit, 'post')).source.format).toBe('jpeg');
  });
});
