import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backends, testConfig, useApp, useTempDir } from '../../../test/harness.ts';
import { HttpError, registerErrorHandling, registerNotFound } from '../../plugins/errors.ts';
import { DEFAULT_ARTWORK_KEYS } from './artwork.ts';
import { IMAGE_TOO_MANY_BYTES_MESSAGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE } from './limits.ts';
import { MEDIA_CACHE_CONTROL, MEDIA_STAND_IN_CACHE_CONTROL, registerMedia } from './routes.ts';
import { GPS_IFD_POINTER_TAG, exifIfd0Tags, phoneJpeg, png } from '../../../test/images.ts';
import { MULTIPART_OPTIONS, readUploadForm } from './uploads.ts';
import { storedFiles } from '../../../test/posts.ts';

/** A multipart body as a browser would send it. */
async function multipart(parts: Array<[string, string] | [string, Uint8Array, string]>) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: 'image/jpeg' }), filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe('media routes', () => {
  const tmp = useTempDir('pitlane-media-routes-');
  let app: FastifyInstance;
  /** What the pretend posts route's database step does. */
  let insertPost: (urls: string[]) => Promise<void>;

  beforeEach(async () => {
    insertPost = async () => {};
    app = Fastify();
    registerErrorHandling(app);
    await registerMedia(app, testConfig({ DATA_DIR: tmp.path }));
    // A posts module in miniature: the pattern media.ts and uploads.ts document.
    await app.register(fastifyMultipart, MULTIPART_OPTIONS);
    app.post('/api/posts/create', async (request, reply) => {
      const form = await readUploadForm(request, { maxFiles: 5, fileFields: ['images'], tooManyFilesMessage: 'You can only upload a maximum of 5 images.' });
      if (form.files.length === 0) throw new HttpError(400, 'Please select at least one image to upload.');
      const batch = await app.media.storeAll(form.files, 'post');
      try {
        await insertPost(batch.images.map((image) => image.url));
      } catch (error) {
        await batch.discard();
        throw error;
      }
      return reply.code(201).send({ title: form.fields.title, images: batch.images });
    });
    registerNotFound(app, null);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });

  const mediaDir = () => path.join(tmp.path, 'media');

  it('takes a phone photo through multipart and serves it upright, as WebP, without EXIF/GPS, cached as immutable', async () => {
    const photo = await phoneJpeg(600, 400);
    expect(exifIfd0Tags((await sharp(photo).metadata()).exif!)).toContain(GPS_IFD_POINTER_TAG);
    const created = await app.inject({ method: 'POST', url: '/api/posts/create', ...(await multipart([['title', 'Sunday drive'], ['images', photo, 'IMG_0001.JPG']])) });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ title: string; images: Array<{ url: string; width: number; height: number; variants: Record<string, { url: string }> }> }>();
    expect(body.title).toBe('Sunday drive');
    expect(body.images).toHaveLength(1);
    const image = body.images[0]!;
    expect(image).toMatchObject({ width: 400, height: 600 });

    for (const url of [image.url, image.variants.card!.url, image.variants.thumb!.url]) {
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 400, height: 600 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
    }
  });

  it('accepts a PNG named photo.jpg, by its content', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/posts/create', ...(await multipart([['images', await png(320, 240), 'photo.jpg']])) });
    expect(response.statusCode).toBe(201);
    expect(response.json().images[0]).toMatchObject({ width: 320, height: 240 });
  });

  it('refuses a script named photo.jpg with 400 and stores nothing, even beside a good image', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/posts/create',
      ...(await multipart([
        ['images', await png(100, 100), 'good.png'],
        ['images', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'photo.jpg'],
      ])),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NOT_AN_IMAGE_MESSAGE });
    expect(storedFiles(mediaDir())).toEqual([]);
  });

  it('refuses a file over 15 MB with 413', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const response = await app.inject({ method: 'POST', url: '/api/posts/create', ...(await multipart([['images', big, 'big.png']])) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: IMAGE_TOO_MANY_BYTES_MESSAGE });
    expect(storedFiles(mediaDir())).toEqual([]);
  });

  it('refuses more files than the route allows, with its message', async () => {
    const image = await png(20, 20);
    const parts = Array.from({ length: 6 }, (_, index): [string, Uint8Array, string] => ['images', image, `${index}.png`]);
    const response = await app.inject({ method: 'POST', url: '/api/posts/create', ...(await multipart(parts)) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'You can only upload a maximum of 5 images.' });
    expect(storedFiles(mediaDir())).toEqual([]);
  });

  it('refuses a request that is not multipart', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/posts/create', payload: { images: [] } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'The form must be sent as multipart/form-data.' });
  });

  it('leaves no files behind when the database step fails', async () => {
    insertPost = async () => {
      throw new Error('insert failed');
    };
    const response = await app.inject({
      method: 'POST',
      url: '/api/posts/create',
      ...(await multipart([['images', await png(100, 100), 'a.png'], ['images', await png(90, 90), 'b.png']])),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong.' });
    expect(storedFiles(mediaDir())).toEqual([]);
  });

  it('sends the full size for a card size never stored (an image from before it existed), cached for a day', async () => {
    const stored = await app.media.storeImage(await png(900, 600), 'post');
    const { full, card } = stored.image.variants;
    fs.rmSync(path.join(mediaDir(), card!.key));

    const response = await app.inject({ method: 'GET', url: card!.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(MEDIA_STAND_IN_CACHE_CONTROL);
    expect(response.rawPayload.equals(fs.readFileSync(path.join(mediaDir(), full!.key)))).toBe(true);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 900, height: 600 });

    // Nothing stands in for an image that is not there, nor for a size no kind has.
    for (const url of [card!.url.replace(/[0-9a-f]{32}/, '0123456789abcdef0123456789abcdef'), full!.url.replace('-full.webp', '-huge.webp')]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('answers 404 { message } for unknown keys and refuses path traversal', async () => {
    fs.mkdirSync(mediaDir(), { recursive: true });
    fs.writeFileSync(path.join(tmp.path, 'secret.webp'), 'secret');
    const urls = [
      '/media/posts/0123456789abcdef0123456789abcdef-full.webp',
      '/media/../secret.webp',
      '/media/..%2fsecret.webp',
      '/media/%2e%2e/secret.webp',
      '/media/posts/..%2f..%2fsecret.webp',
      '/media/posts/%2e%2e%2f%2e%2e%2fsecret.webp',
      '/media/..%5csecret.webp',
      '/media/',
      '/media/posts/x.png',
    ];
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it('serves our artwork, rendering it on the first request', async () => {
    const response = await app.inject({ method: 'GET', url: app.media.defaultUrls.communityCover });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 1500, height: 500 });
    expect(storedFiles(mediaDir())).toEqual(Object.values(DEFAULT_ARTWORK_KEYS).sort());
  });
});

// The same route inside the real application.
describe.each(backends)('media in buildApp on $name', (backend) => {
  const dataDir = useTempDir('pitlane-media-app-', { per: 'suite' });
  const t = useApp(backend, { dataDir, fresh: 'suite' });

  it('serves /media/* from DATA_DIR/media with immutable caching, and 404 for unknown keys', async () => {
    const stored = await t.app.media.storeImage(await png(64, 64), 'avatar');
    expect(fs.existsSync(path.join(dataDir.path, 'media', stored.image.variants.large!.key))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: stored.image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const missing = await t.app.inject({ method: 'GET', url: '/media/avatars/0123456789abcdef0123456789abcdef-large.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found.' });
  });
});
