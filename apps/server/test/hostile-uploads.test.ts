// Hostile uploads (issue 19 item 3): the corpus of hostile-uploads-corpus.ts sent to the real
// upload routes. Each refusal answers a 4xx with a `{ message }` the UI can show, and leaves
// everything as it was: every table's rows, the media store, the temporary directory, the upload
// bytes held in memory; the server answers the next request. What is accepted is re-encoded:
// the bytes served hold nothing of what rode along with the picture.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORM_MESSAGES, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import type { Db } from '../src/db/client.ts';
import {
  FORM_FIELD_TOO_LONG_MESSAGE,
  FORM_TOO_MANY_FIELDS_MESSAGE,
  FORM_UNREADABLE_MESSAGE,
  IMAGE_TOO_MANY_BYTES_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  MAX_IMAGE_BYTES,
  UPLOAD_TOO_SLOW_MESSAGE,
  UPLOADS_BUSY_MESSAGE,
  UPLOADS_BUSY_RETRY_AFTER_SECONDS,
} from '../src/modules/media/limits.ts';
import { browser, person, type Person } from './browser.ts';
import { CAR_911, newCar, newLogEntry } from './cars.ts';
import { newCommunity } from './communities.ts';
import { backends, useApp, useSmtpSink, useTempDir, type AppContext } from './harness.ts';
import {
  BOUNDARY,
  GIF_SCRIPT_POLYGLOT,
  HTML_TRAILER,
  SVG_WITH_SCRIPT,
  ZIP_SIGNATURES,
  gifDeclaring,
  jpegDeclaring,
  jpegHtmlPolyglot,
  jpegZipPolyglot,
  manyFrames,
  multipartBody,
  multipartOpening,
  noisy,
  pngDeclaring,
  smallJpeg,
  truncated,
  webpDeclaring,
  type Part,
} from './hostile-uploads-corpus.ts';
import { image, newPost, storedFiles } from './posts.ts';

/** The bound on a slow upload in these tests (UPLOAD_TIMEOUT_MS; the default is 5 minutes). */
const UPLOAD_TIMEOUT_MS = 800;
const POST_FIELDS: Part[] = [
  { name: 'title', value: 'Sunday drive' },
  { name: 'content', value: 'Coffee and air-cooled 911s.' },
];

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-hostile-uploads-', { per: 'suite' });
// A temporary directory of our own for the whole file (TMPDIR, what os.tmpdir() answers), so that
// "nothing left in a temp dir" is not disturbed by other tests running at the same time.
let tmpDir = '';
const realTmpDir = process.env.TMPDIR;
beforeAll(() => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-hostile-tmpdir-'));
  process.env.TMPDIR = tmpDir;
});
afterAll(() => {
  if (realTmpDir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = realTmpDir;
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

/** The 500-frame GIF and WebP, made once for the file (joining 500 frames takes a second or two). */
let animations: Promise<[Buffer, Buffer]> | null = null;

/** A digest of every table's rows (but the shipped make and model list), by table. */
async function tableDigests(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('car_makes', 'car_models') order by 1`,
  );
  const parts = tables.rows.map(
    ({ name }) => sql`select ${name}::text as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(name)} x`,
  );
  const result = await db.execute<{ name: string; digest: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}

/** Until the answer's connection is done with (the memory is given back when the response closes). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

function uploadsOn(t: AppContext) {
  const mediaDir = () => path.join(dataDir.path, 'media');
  async function evidence() {
    await settled();
    return {
      tables: await tableDigests(t.db),
      media: storedFiles(mediaDir()),
      tmp: fs.readdirSync(tmpDir),
      heldInMemory: t.app.media.uploadMemory?.held,
    };
  }
  /** Sends, then checks the answer is `status` `{ message }` and that nothing changed anywhere. */
  async function refused(send: () => Promise<LightMyRequestResponse>, status: number, message: string): Promise<LightMyRequestResponse> {
    const before = await evidence();
    expect(before.heldInMemory).toBe(0);
    const response = await send();
    expect([response.statusCode, response.json()]).toEqual([status, { message }]);
    expect(await evidence()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    return response;
  }
  return { mediaDir, evidence, refused };
}

describe.each(backends)('hostile uploads on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir, fresh: 'suite', env: { UPLOAD_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS) } });
  const { mediaDir, evidence, refused } = uploadsOn(t);
  // One person for the suite; each test's app gets a browser of its own with her cookies.
  let maya: Person | null = null;
  const signedIn = async (): Promise<Person> => {
    maya ??= await person(t.app, sink, 'maya');
    const b = browser(t.app);
    for (const [name, cookie] of maya.browser.cookies) b.cookies.set(name, cookie);
    return { ...maya, browser: b };
  };
  // Signed in before anything is measured: her registration is not what a test looks at.
  beforeEach(signedIn);
  const post = async (parts: readonly Part[]) => (await signedIn()).browser.request('POST', '/api/posts/create', multipartBody(parts));
  const postWith = (file: { bytes: Uint8Array; filename: string; type?: string }) => post([...POST_FIELDS, { name: 'images', ...file }]);

  it('refuses what is not an image, whatever its name and declared type: SVG with script, a GIF/script polyglot, broken and empty files', async () => {
    const files = [
      { filename: 'cat.svg', type: 'image/svg+xml', bytes: SVG_WITH_SCRIPT },
      { filename: 'cat.jpg', type: 'image/jpeg', bytes: SVG_WITH_SCRIPT },
      { filename: 'anim.gif', type: 'image/gif', bytes: GIF_SCRIPT_POLYGLOT },
      { filename: 'cut.jpg', bytes: truncated(await noisy('jpeg')) },
      { filename: 'cut.png', type: 'image/png', bytes: truncated(await noisy('png')) },
      { filename: 'cut.webp', type: 'image/webp', bytes: truncated(await noisy('webp')) },
      { filename: 'empty.jpg', bytes: Buffer.alloc(0) },
    ];
    for (const file of files) await refused(() => postWith(file), 400, REFUSAL_MESSAGES.notAnImage);
  });

  it('refuses decompression bombs from their headers: PNG 100000×100000, JPEG 65000×65000, WebP 16383×16383', async () => {
    const bombs = [
      { filename: 'bomb.png', bytes: pngDeclaring(100_000, 100_000) },
      { filename: 'bomb.jpg', bytes: await jpegDeclaring(65_000, 65_000) },
      { filename: 'bomb.webp', bytes: await webpDeclaring(16_383, 16_383) },
    ];
    for (const file of bombs) {
      expect(file.bytes.length).toBeLessThan(1024);
      await refused(() => postWith(file), 400, IMAGE_TOO_MANY_PIXELS_MESSAGE);
    }
  });

  it('stores polyglots as clean pictures: no HTML or ZIP in the bytes served', async () => {
    for (const bytes of [await jpegHtmlPolyglot(), await jpegZipPolyglot()]) {
      expect(bytes.includes(HTML_TRAILER)).toBe(true);
      const created = await postWith({ filename: 'photo.jpg', bytes });
      expect(created.statusCode).toBe(201);
      const url = created.json<{ imageUrls: string[] }>().imageUrls[0]!;
      for (const size of ['full', 'card', 'thumb']) {
        const served = await t.app.inject({ method: 'GET', url: url.replace('-full.webp', `-${size}.webp`) });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        const text = served.rawPayload.toString('latin1');
        for (const trace of ['<html', '<script', 'alert(', ...ZIP_SIGNATURES]) expect(text, trace).not.toContain(trace);
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
      }
    }
  });

  it('keeps one frame of a 500-frame GIF or WebP, and a GIF declaring a 65535×65535 screen is its 1×1 picture', async () => {
    animations ??= Promise.all([manyFrames('gif', 500), manyFrames('webp', 500)]);
    const [gif, webp] = await animations;
    for (const [bytes, size] of [[gif, 64], [webp, 64], [gifDeclaring(65_535, 65_535), 1]] as const) {
      const created = await postWith({ filename: 'anim', type: 'application/octet-stream', bytes });
      expect(created.statusCode).toBe(201);
      const served = await t.app.inject({ method: 'GET', url: created.json<{ imageUrls: string[] }>().imageUrls[0]! });
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: size, height: size });
      expect(metadata.pages ?? 1).toBe(1);
    }
  });

  it('refuses 100 file parts, 100 text parts, an overlong field, a file over 15 MB, a file in another field and a broken body', async () => {
    const jpeg = await smallJpeg();
    await refused(() => post([...POST_FIELDS, ...Array.from({ length: 100 }, (_, i) => ({ name: 'images', filename: `${i}.jpg`, bytes: jpeg }))]), 400, FORM_MESSAGES.maxImagesOnCreate);
    await refused(() => post(Array.from({ length: 100 }, (_, i) => ({ name: `field${i}`, value: 'x' }))), 413, FORM_TOO_MANY_FIELDS_MESSAGE);
    await refused(() => post([{ name: 'title', value: 'x'.repeat(100_000) }, POST_FIELDS[1]!, { name: 'images', filename: 'a.jpg', bytes: jpeg }]), 413, FORM_FIELD_TOO_LONG_MESSAGE);
    const oversized = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES)]);
    await refused(() => postWith({ filename: 'big.jpg', bytes: oversized }), 413, IMAGE_TOO_MANY_BYTES_MESSAGE);
    await refused(() => post([...POST_FIELDS, { name: 'avatar', filename: 'a.jpg', bytes: jpeg }]), 400, 'Unexpected file field "avatar".');
    const { payload, headers } = multipartBody([...POST_FIELDS, { name: 'images', filename: 'a.jpg', bytes: jpeg }]);
    const cut = payload.subarray(0, payload.length - BOUNDARY.length - 10);
    const me = await signedIn();
    await refused(() => me.browser.request('POST', '/api/posts/create', { payload: cut, headers }), 400, FORM_UNREADABLE_MESSAGE);
  });

  it('never uses the name or declared type of a part: ../../x.jpg with NUL, text/html, is stored under a random key', async () => {
    const before = storedFiles(mediaDir());
    const created = await postWith({ filename: '../../x\u0000.jpg', type: 'text/html', bytes: (await image('png')).bytes });
    expect(created.statusCode).toBe(201);
    const added = storedFiles(mediaDir()).filter((file) => !before.includes(file));
    expect(added).toHaveLength(3);
    for (const file of added) expect(file).toMatch(/^posts\/[0-9a-f]{32}-(full|card|thumb)\.webp$/);
    expect(fs.readdirSync(dataDir.path).sort()).toEqual(['media']);
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });

  it('refuses the same on every upload route: too many parts, an overlong field, a file over 15 MB', async () => {
    const me = await signedIn();
    const postId = (await newPost(me.browser))._id;
    const community = await newCommunity(me.browser, 'Air-cooled');
    const car = await newCar(me.browser, CAR_911);
    const entry = await newLogEntry(me.browser, car._id);
    const routes: Array<[method: 'POST' | 'PUT', url: string, file: string]> = [
      ['POST', '/api/posts/create', 'images'],
      ['PUT', `/api/posts/${postId}`, 'images'],
      ['PUT', '/api/user/update', 'profilePicture'],
      ['PUT', `/api/communities/${community._id}`, 'coverImage'],
      ['POST', '/api/cars/create', 'coverImage'],
      ['PUT', `/api/cars/${car._id}`, 'coverImage'],
      ['POST', `/api/cars/${car._id}/log`, 'images'],
      ['PUT', `/api/car-log/${entry._id}`, 'images'],
    ];
    const big = Buffer.concat([await smallJpeg(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    for (const [method, url, file] of routes) {
      const send = (parts: Part[]) => () => me.browser.request(method, url, multipartBody(parts));
      await refused(send(Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, value: 'x' }))), 413, FORM_TOO_MANY_FIELDS_MESSAGE);
      await refused(send([{ name: 'title', value: 'x'.repeat(70_000) }]), 413, FORM_FIELD_TOO_LONG_MESSAGE);
      await refused(send([{ name: file, filename: 'big.jpg', bytes: big }]), 413, IMAGE_TOO_MANY_BYTES_MESSAGE);
    }
  });

  /**
   * A real connection: the headers and the start of a form, then `trickle` (a byte every 50 ms,
   * or nothing at all). Resolves when the server has closed the connection.
   */
  async function slowUpload(address: string, trickle: boolean, fileField = 'images'): Promise<{ status: number; message: unknown; closedAfterMs: number }> {
    const me = await signedIn();
    const cookie = [...me.browser.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    const opening = multipartOpening([...POST_FIELDS, { name: fileField, filename: 'slow.jpg', bytes: await smallJpeg() }]);
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
    const started = Date.now();
    socket.on('error', () => {});
    socket.write(
      `POST /api/posts/create HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${opening.length + 10_000_000}\r\n\r\n`,
    );
    socket.write(opening);
    const dripping = trickle ? setInterval(() => socket.writable && socket.write('x'), 50) : null;
    let received = '';
    socket.on('data', (data) => (received += data.toString('latin1')));
    await new Promise((resolve) => socket.once('close', resolve));
    if (dripping) clearInterval(dripping);
    const [head = '', body = ''] = received.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), message: body ? JSON.parse(body) : null, closedAfterMs: Date.now() - started };
  }

  it('gives up on a slow upload after UPLOAD_TIMEOUT_MS: 408 with a message, then closes the connection and frees everything', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const trickle of [true, false]) {
      const before = await evidence();
      const answer = await slowUpload(address, trickle);
      expect(answer.status).toBe(408);
      expect(answer.message).toEqual({ message: UPLOAD_TOO_SLOW_MESSAGE });
      expect(answer.closedAfterMs).toBeGreaterThanOrEqual(UPLOAD_TIMEOUT_MS);
      expect(await evidence()).toEqual(before);
    }
  });

  it('answers a refusal before the body has all arrived at once, then stops reading it and closes the connection', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await evidence();
    const answer = await slowUpload(address, true, 'avatar');
    expect(answer.status).toBe(400);
    expect(answer.message).toEqual({ message: 'Unexpected file field "avatar".' });
    // Drained for at most the linger (here the upload bound), not for as long as the client sends.
    expect(answer.closedAfterMs).toBeLessThan(10 * UPLOAD_TIMEOUT_MS);
    expect(await evidence()).toEqual(before);
  });
});

describe.each(backends)('uploads in memory on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir, fresh: 'suite', env: { UPLOAD_MEMORY_MB: '1' } });
  const { evidence, refused } = uploadsOn(t);

  it('refuses an upload that would pass UPLOAD_MEMORY_MB with 503 and when to try again, and stores nothing; one within it is taken', async () => {
    const me = await person(t.app, sink, 'ines');
    const big = Buffer.concat([await smallJpeg(), Buffer.alloc(1536 * 1024)]);
    const busy = await refused(() => me.browser.request('POST', '/api/posts/create', multipartBody([...POST_FIELDS, { name: 'images', filename: 'big.jpg', bytes: big }])), 503, UPLOADS_BUSY_MESSAGE);
    expect(busy.headers['retry-after']).toBe(String(UPLOADS_BUSY_RETRY_AFTER_SECONDS));
    const created = await newPost(me.browser);
    expect(created.imageUrls).toHaveLength(1);
    expect((await evidence()).heldInMemory).toBe(0);
  });
});
