// The data export (issue 19) on both engines, read back with yauzl as a person's unzip would:
// every file is there, the JSON files have their shapes and the person's data, each photo's bytes
// are the stored file's, nobody else's private data is in it (e-mail, photos, password hashes,
// session tokens), lists longer than a page come out whole, and the limit of one a minute holds.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { REFUSAL_MESSAGES, type Post } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { multipart, type Person } from '../../../test/browser.ts';
import { createPost, image, newPost, peopleOf } from '../../../test/posts.ts';
import { edit, join, newCommunity } from '../../../test/communities.ts';
import { newCar, newLogEntry } from '../../../test/cars.ts';
import { meetForm, newMeet, rsvp } from '../../../test/meets.ts';
import { block, hidden, mute } from '../../../test/safety.ts';
import { unzip } from '../../../test/zip.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { EXPORT_PAGE_SIZE } from './data.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-export-');
// 30 seconds before midnight UTC: the next minute's export is dated the next day.
let now = new Date('2030-01-02T23:59:30.000Z');
const clock = () => now;

const json = <T = Record<string, unknown>>(files: Map<string, Buffer>, name: string): T => JSON.parse(files.get(name)!.toString('utf8')) as T;
const storedBytes = (file: string) => fs.readFileSync(path.join(dataDir.path, 'media', file.replace(/^images\//, '')));
const keyOfUrl = (url: string) => url.replace(/^\/media\//, '');

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

/** A photo of noise: it stays large as WebP, so a zip of a few is more than the socket holds. */
async function noisyPhoto(size = 1600) {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const bytes = await sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
  return { bytes, name: 'noise.jpg', type: 'image/jpeg' };
}

describe.each(backends)('the data export on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir, clock, logStream, env: { LOG_LEVEL: 'info' } });

  async function exportOf(who: Person) {
    const response = await who.browser.get('/api/user/me/export');
    return response;
  }

  /** Maya with a bit of everything; Leo, Sam and Rex around her. */
  async function mayasWorld() {
    now = new Date('2030-01-02T23:59:30.000Z');
    const [maya, leo, sam, rex] = await peopleOf(t.app, sink, 'maya', 'leo', 'sam', 'rex');
    const avatar = await maya.browser.request('PUT', '/api/user/update', await multipart({ id: maya.id, fullName: 'Maya Driver', username: 'maya' }, { profilePicture: await image('png', 300, 300, '#0a7') }));
    expect(avatar.statusCode).toBe(200);
    const club = await newCommunity(maya.browser, 'Air Cooled');
    expect((await edit(maya.browser, club._id, { name: 'Air Cooled', description: 'Flat sixes.', members: [], coverImageAlt: 'Three 911s in a row' }, await image('jpeg', 900, 300, '#123'))).statusCode).toBe(200);
    const leosClub = await newCommunity(leo.browser, 'Leo Lounge');
    await join(maya.browser, leosClub._id);
    const created = await createPost(maya.browser, { title: 'Dawn run', content: 'Up the pass before traffic #aircooled', community: club._id, imageAlts: JSON.stringify(['The 911 at dawn', 'Mountain road']) }, [await image('jpeg', 80, 60, '#c00'), await image('png', 60, 80, '#00c')]);
    expect(created.statusCode).toBe(201);
    const post = created.json<Post>();
    const leosPost = await newPost(leo.browser, { title: 'Leo private garage day', content: 'Only for the curious.' }, [await image('jpeg', 50, 50, '#ff0')]);
    expect((await leo.browser.patch(`/api/posts/${post._id}/like`)).statusCode).toBe(200);
    expect((await leo.browser.post(`/api/comments/${post._id}`, { text: 'Leo was here first' })).statusCode).toBe(201);
    expect((await maya.browser.post(`/api/comments/${leosPost._id}`, { text: 'Lovely light' })).statusCode).toBe(201);
    expect((await maya.browser.patch(`/api/user/${leo.id}/follow`)).statusCode).toBe(200);
    expect((await sam.browser.patch(`/api/user/${maya.id}/follow`)).statusCode).toBe(200);
    expect((await maya.browser.request('PUT', `/api/posts/${leosPost._id}/save`, { payload: {} })).statusCode).toBe(200);
    await hidden(block(maya, rex));
    await hidden(mute(maya, sam));
    const car = await newCar(maya.browser, { makeId: '', modelId: '', make: 'Porsche', model: '911', year: '1991', trim: 'Carrera 2' }, await image('jpeg', 900, 300, '#333'));
    await newLogEntry(maya.browser, car._id, { date: '2029-12-01', title: 'Valve adjustment', text: 'Done by the book.' }, [await image('jpeg', 40, 40, '#999')]);
    // Meets (issue 21): one of hers with a cover, and Leo's, which she is interested in.
    const meet = await newMeet(maya.browser, club._id, meetForm(now, { title: 'Dawn patrol', latitude: '46.5', longitude: '8.4', coverImageAlt: 'The pass at dawn' }), await image('jpeg', 900, 300, '#456'));
    const leosMeet = await newMeet(leo.browser, leosClub._id, meetForm(now, { title: 'Lounge night' }));
    expect((await rsvp(maya.browser, leosMeet._id, 'interested')).statusCode).toBe(200);
    return { maya, leo, sam, rex, post, leosPost, club, leosClub, car, meet, leosMeet };
  }

  it('answers a zip of every file the README names, with the JSON shapes and the stored photos byte for byte', async () => {
    const { maya, leo, post, leosPost, club, leosClub, car, meet, leosMeet } = await mayasWorld();
    const response = await exportOf(maya);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="pitlane-maya-2030-01-02.zip"');
    expect(response.headers['cache-control']).toBe('no-store');
    const files = await unzip(response.rawPayload);
    const jsonNames = ['profile.json', 'posts.json', 'comments.json', 'follows.json', 'communities.json', 'garage.json', 'saved.json', 'blocked-and-muted.json', 'meets.json'];
    expect([...files.keys()].filter((name) => !name.startsWith('images/'))).toEqual(['README.txt', ...jsonNames]);
    for (const name of jsonNames) expect(files.get('README.txt')!.toString()).toContain(name);

    const profile = json(files, 'profile.json');
    expect(profile).toEqual({
      id: maya.id, username: 'maya', fullName: 'Maya Driver', email: maya.email, profilePicture: expect.stringMatching(/^images\/avatars\/[0-9a-f]{32}-large\.webp$/),
      settings: { requirePhotoDescriptions: false }, siteOperator: false, joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const posts = json<Array<Record<string, unknown>>>(files, 'posts.json');
    expect(posts).toEqual([{
      id: post._id, title: 'Dawn run', content: 'Up the pass before traffic #aircooled',
      createdAt: expect.stringMatching(/Z$/), updatedAt: expect.stringMatching(/Z$/),
      community: { id: club._id, name: 'Air Cooled' }, carId: null, tags: ['aircooled'], likes: 1, comments: 1,
      images: post.imageUrls.map((url, index) => ({ file: `images/${keyOfUrl(url)}`, alt: ['The 911 at dawn', 'Mountain road'][index], width: expect.any(Number), height: expect.any(Number) })),
    }]);
    expect(json(files, 'comments.json')).toEqual([{ id: expect.any(String), text: 'Lovely light', createdAt: expect.stringMatching(/Z$/), post: { id: leosPost._id, title: 'Leo private garage day', author: 'leo' } }]);
    expect(json(files, 'follows.json')).toEqual({ followers: [{ username: 'sam', since: expect.stringMatching(/Z$/) }], following: [{ username: 'leo', since: expect.stringMatching(/Z$/) }] });
    const communities = json<{ created: Array<Record<string, unknown>>; joined: Array<Record<string, unknown>> }>(files, 'communities.json');
    expect(communities).toEqual({
      created: [{ id: club._id, name: 'Air Cooled', description: 'Flat sixes.', createdAt: expect.stringMatching(/Z$/), cover: { file: expect.stringMatching(/^images\/covers\//), alt: 'Three 911s in a row' } }],
      joined: [{ id: leosClub._id, name: 'Leo Lounge', description: expect.any(String), createdAt: expect.stringMatching(/Z$/), joinedAt: expect.stringMatching(/Z$/) }],
    });
    const garage = json<Array<{ id: string; make: string; cover: { file: string }; buildLog: Array<{ title: string; date: string; photos: Array<{ file: string }> }> }>>(files, 'garage.json');
    expect(garage).toMatchObject([{ id: car._id, make: 'Porsche', model: '911', year: 1991, trim: 'Carrera 2', cover: { file: expect.stringMatching(/^images\/covers\//) }, buildLog: [{ title: 'Valve adjustment', date: '2029-12-01', photos: [{ file: expect.stringMatching(/^images\/posts\//) }] }] }]);
    expect(json(files, 'saved.json')).toEqual([{ postId: leosPost._id, title: 'Leo private garage day', author: 'leo', savedAt: expect.stringMatching(/Z$/) }]);
    expect(json(files, 'blocked-and-muted.json')).toEqual({ blocked: [{ username: 'rex', since: expect.stringMatching(/Z$/) }], muted: [{ username: 'sam', since: expect.stringMatching(/Z$/) }] });

    const meets = json<{ created: Array<{ cover: { file: string } }>; answers: unknown[] }>(files, 'meets.json');
    expect(meets).toEqual({
      created: [{
        id: meet._id, community: { id: club._id, name: 'Air Cooled' }, title: 'Dawn patrol', description: meet.description,
        startsAt: meet.startsAt, endsAt: meet.endsAt, timeZone: 'UTC', place: { address: 'Box Hill, Surrey', latitude: 46.5, longitude: 8.4 },
        status: 'scheduled', cover: { file: expect.stringMatching(/^images\/covers\//), alt: 'The pass at dawn' }, createdAt: expect.stringMatching(/Z$/),
      }],
      // Her own meet (she is going: its creator) and Leo's, by meet id.
      answers: [
        { meetId: meet._id, title: 'Dawn patrol', startsAt: meet.startsAt, rsvp: 'going', answeredAt: expect.stringMatching(/Z$/) },
        { meetId: leosMeet._id, title: 'Lounge night', startsAt: leosMeet.startsAt, rsvp: 'interested', answeredAt: expect.stringMatching(/Z$/) },
      ].sort((a, b) => (a.meetId < b.meetId ? -1 : 1)),
    });

    // Every photo the JSON names is in images/, with the stored bytes; and nothing else is.
    const named = [
      profile.profilePicture as string,
      ...posts.flatMap((p) => (p.images as Array<{ file: string }>).map((i) => i.file)),
      communities.created[0]!.cover && (communities.created[0]!.cover as { file: string }).file,
      garage[0]!.cover.file,
      garage[0]!.buildLog[0]!.photos[0]!.file,
      meets.created[0]!.cover.file,
    ] as string[];
    expect([...files.keys()].filter((name) => name.startsWith('images/')).sort()).toEqual([...named].sort());
    for (const file of named) expect(files.get(file)!.equals(storedBytes(file)), file).toBe(true);

    // Nobody else's private data: Leo's address and photo; no password hash or session anywhere.
    const everything = [...files.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain(leo.email);
    expect(everything).not.toContain(keyOfUrl(leosPost.imageUrls[0]!));
    expect(everything).not.toContain('$argon2');
    expect(everything).not.toContain(maya.browser.cookies.get(SESSION_COOKIE)!.value);
    expect(everything).not.toMatch(/password|token/i);
  });

  it('refuses a second export within the minute with a sentence, per person, and dates the next one by the clock in UTC', async () => {
    const { maya, leo } = await mayasWorld();
    expect((await exportOf(maya)).statusCode).toBe(200);
    const again = await exportOf(maya);
    expect([again.statusCode, again.json()]).toEqual([429, { message: REFUSAL_MESSAGES.dataExportTooSoon }]);
    expect((await exportOf(leo)).statusCode).toBe(200);
    now = new Date(now.getTime() + 61_000);
    const later = await exportOf(maya);
    expect(later.statusCode).toBe(200);
    expect(later.headers['content-disposition']).toBe('attachment; filename="pitlane-maya-2030-01-03.zip"');
  });

  it('answers 401 with a sentence without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/me/export' });
    expect([response.statusCode, response.json()]).toEqual([401, { message: REFUSAL_MESSAGES.notSignedIn }]);
  });

  it('stops writing when the client goes away halfway (the open photo let go)', async () => {
    now = new Date('2030-01-02T12:00:00.000Z');
    const [maya] = await peopleOf(t.app, sink, 'maya');
    const photo = await noisyPhoto();
    // Four photos of ~1.3 MB each as stored: more than the sockets' buffers hold between the two.
    await newPost(maya.browser, {}, [photo, photo, photo, photo]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...maya.browser.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    logLines.length = 0;
    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/user/me/export', headers: { cookie } }, (response) => {
        expect(response.statusCode).toBe(200);
        // Read one chunk, stop reading until the server has filled the socket, then hang up.
        response.once('data', (chunk: Buffer) => {
          response.pause();
          setTimeout(() => {
            request.destroy();
            resolve(chunk.length);
          }, 300);
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(received).toBeGreaterThan(0);
    await vi.waitFor(() => expect(logLines.join('')).toContain('data export: the client went away before the end'), { timeout: 5000 });
    expect(logLines.join('')).not.toContain('data export failed');
  });

  it('writes lists longer than a page whole, each row once: comments newest first (rows of one instant too), followers', async () => {
    now = new Date('2030-01-02T12:00:00.000Z');
    const [maya] = await peopleOf(t.app, sink, 'maya');
    const post = await newPost(maya.browser);
    const count = EXPORT_PAGE_SIZE * 2 + 7;
    // Half of them at one instant: the page boundary then falls among equal timestamps.
    await t.db.execute(sql`
      insert into comments (post_id, author_id, text, created_at)
      select ${post._id}, ${maya.id}, 'Comment ' || n, case when n % 2 = 0 then timestamptz '2029-06-01 10:00:00.123456+00' else timestamptz '2029-06-01 10:00:00+00' + n * interval '1 microsecond' end
      from generate_series(1, ${count}) as n`);
    // And as many followers, read in the order of their ids.
    await t.db.execute(sql`insert into users (username, email, full_name) select 'fan' || n, 'fan' || n || '@pitlane.test', 'Fan ' || n from generate_series(1, ${count}) as n`);
    await t.db.execute(sql`insert into follows (follower_id, followee_id) select id, ${maya.id} from users where username like 'fan%'`);
    const files = await unzip((await exportOf(maya)).rawPayload);
    const followers = json<{ followers: Array<{ username: string }> }>(files, 'follows.json').followers.map((f) => f.username);
    expect(new Set(followers)).toEqual(new Set(Array.from({ length: count }, (_, i) => `fan${i + 1}`)));
    expect(followers).toHaveLength(count);
    const comments = json<Array<{ id: string; text: string; createdAt: string }>>(files, 'comments.json');
    expect(comments).toHaveLength(count);
    expect(new Set(comments.map((c) => c.id)).size).toBe(count);
    expect(new Set(comments.map((c) => c.text))).toEqual(new Set(Array.from({ length: count }, (_, i) => `Comment ${i + 1}`)));
    const times = comments.map((c) => c.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});
