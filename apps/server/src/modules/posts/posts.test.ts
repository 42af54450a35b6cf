// Posts through real HTTP (app.inject) with real multipart bodies and real image files:
// create, read, update, like, delete, with every refusal of spec §5, §6 and §8.
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type Post } from '@pitlane/api/contract';
import { comments, likes, notifications, posts } from '../../db/schema.ts';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { browser } from '../../../test/browser.ts';
import { siblingKeys } from '../media/keys.ts';
import { IMAGE_TOO_MANY_PIXELS_MESSAGE, IMAGE_VARIANTS } from '../media/limits.ts';
import { GPS_IFD_POINTER_TAG, exifIfd0Tags, phoneJpeg, pngBomb } from '../../../test/images.ts';
import { NO_SUCH_ID, communityOf, createPost, form, image, mediaKey, newPost, peopleOf, storedFiles, type ImageFile } from '../../../test/posts.ts';

const sink = useSmtpSink();
/** A media directory of its own for every test. */
const dataDir = useTempDir('pitlane-posts-test-');

const postFiles = () => storedFiles(path.join(dataDir.path, 'media')).filter((file) => file.startsWith('posts'));

describe.each(backends)('posts on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);

  it('answers 401 with a message to every posts call without a session', async () => {
    const b = browser(t.app);
    const calls: Array<[Parameters<typeof b.request>[0], string]> = [
      ['GET', '/api/posts/feed'],
      ['GET', '/api/posts/trending'],
      ['GET', `/api/posts/by-user/${NO_SUCH_ID}`],
      ['GET', `/api/posts/${NO_SUCH_ID}`],
      ['GET', `/api/posts/${NO_SUCH_ID}/related`],
      ['POST', '/api/posts/create'],
      ['PUT', `/api/posts/${NO_SUCH_ID}`],
      ['PATCH', `/api/posts/${NO_SUCH_ID}/like`],
      ['DELETE', `/api/posts/${NO_SUCH_ID}`],
      ['GET', '/api/posts/saved'],
      ['PUT', `/api/posts/${NO_SUCH_ID}/save`],
      ['DELETE', `/api/posts/${NO_SUCH_ID}/save`],
    ];
    for (const [method, url] of calls) {
      const response = await b.request(method, url, method === 'GET' || method === 'DELETE' ? {} : { payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: REFUSAL_MESSAGES.notSignedIn });
    }
  });

  it('creates a post from JPEG, PNG and WebP files: trimmed texts, images in order with their sizes, readable by anyone', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const files = [await image('jpeg', 80, 60), await image('png', 40, 40), await image('webp', 30, 90)];
    const created = await createPost(maya.browser, { title: '  911 SC back from paint  ', content: ' Guards Red. ' }, files);
    expect(created.statusCode).toBe(201);
    const post = created.json<Post>();
    expect(post).toMatchObject({
      title: '911 SC back from paint',
      content: 'Guards Red.',
      likes: [],
      community: null,
      author: { _id: maya.id, username: maya.username, fullName: maya.fullName, profilePictureUrl: '' },
    });
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    expect(post.imageUrls).toHaveLength(3);
    expect(post.images).toEqual(post.imageUrls.map((url, i) => ({ url, width: [80, 40, 30][i], height: [60, 40, 90][i], alt: '' })));
    for (const url of post.imageUrls) {
      const served = await kenji.browser.get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect(await kenji.browser.get(`/api/posts/${post._id}`).then((r) => r.json())).toEqual(post);
  });

  it('serves a phone photo upright, without its EXIF and GPS data, in every stored size', async () => {
    const [maya] = await people('maya');
    const photo = await phoneJpeg(600, 400);
    expect(exifIfd0Tags((await sharp(photo).metadata()).exif!)).toContain(GPS_IFD_POINTER_TAG);
    const post = await newPost(maya.browser, {}, [{ bytes: photo, name: 'IMG_0001.JPG', type: 'image/jpeg' }]);
    expect(post.images?.[0]).toMatchObject({ width: 400, height: 600 });
    for (const url of [post.imageUrls[0]!, post.imageUrls[0]!.replace('-full.webp', '-thumb.webp')]) {
      const served = await maya.browser.get(url);
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('PitlaneCam'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);
    }
  });

  it('refuses 0 or 6 images, blank texts, and files that are not images, leaving no post and no file', async () => {
    const [maya] = await people('maya');
    const ok = await image();
    const script: ImageFile = { bytes: Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'), name: 'holiday.jpg', type: 'image/jpeg' };
    const jpeg = (await image('jpeg', 200, 150)).bytes;
    const truncated: ImageFile = { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'cut.jpg', type: 'image/jpeg' };
    const bomb: ImageFile = { bytes: pngBomb(), name: 'bomb.png', type: 'image/png' };
    const cases: Array<[Parameters<typeof createPost>[1], ImageFile[], number, string]> = [
      [{}, [], 400, FORM_MESSAGES.selectAtLeastOneImage],
      [{}, [ok, ok, ok, ok, ok, ok], 400, FORM_MESSAGES.maxImagesOnCreate],
      [{ title: '   ' }, [ok], 400, FORM_MESSAGES.titleAndContentRequired],
      [{ content: '' }, [ok], 400, FORM_MESSAGES.titleAndContentRequired],
      [{ title: 'A\u0000B' }, [ok], 400, REFUSAL_MESSAGES.invalidRequest],
      [{}, [ok, script], 400, REFUSAL_MESSAGES.notAnImage],
      [{}, [truncated], 400, REFUSAL_MESSAGES.notAnImage],
      [{}, [bomb], 400, IMAGE_TOO_MANY_PIXELS_MESSAGE],
    ];
    for (const [fields, files, status, message] of cases) {
      const response = await createPost(maya.browser, fields, files);
      expect({ status: response.statusCode, body: response.json() }, JSON.stringify(fields)).toEqual({ status, body: { message } });
    }
    // A body that is not multipart at all.
    expect((await maya.browser.post('/api/posts/create', { title: 'x', content: 'y' })).statusCode).toBe(415);
    expect(await t.db.select().from(posts)).toEqual([]);
    expect(postFiles()).toEqual([]);
  });

  it('posts in a community only for its members; 404 for a community that does not exist', async () => {
    const [maya, lena, kenji] = await people('maya', 'lena', 'kenji');
    const club = await communityOf(t.db, maya, 'Air-Cooled Porsche Club', [lena]);
    const inClub = await createPost(lena.browser, { community: club, title: '912 barn find' });
    expect(inClub.statusCode).toBe(201);
    expect(inClub.json<Post>().community).toEqual({ _id: club, name: 'Air-Cooled Porsche Club', coverImageUrl: t.app.media.defaultUrls.communityCover });
    const before = postFiles().length;
    expect(await createPost(kenji.browser, { community: club }).then((r) => [r.statusCode, r.json()])).toEqual([403, { message: REFUSAL_MESSAGES.joinToPost }]);
    expect(await createPost(kenji.browser, { community: NO_SUCH_ID }).then((r) => [r.statusCode, r.json()])).toEqual([404, { message: NOT_FOUND_MESSAGES.community }]);
    expect(await createPost(kenji.browser, { community: 'not-an-id' }).then((r) => r.statusCode)).toBe(404);
    // The refused member check ran after the images were stored: they went again.
    expect(postFiles()).toHaveLength(before);
    // An empty community field means "My Profile".
    expect(await createPost(kenji.browser, { community: '' }).then((r) => r.json<Post>().community)).toBeNull();
  });

  it('answers 404 "Post not found." for a post that does not exist', async () => {
    const [maya] = await people('maya');
    for (const id of [NO_SUCH_ID, 'no-such-post', "'; drop table posts; --"]) {
      const response = await maya.browser.get(`/api/posts/${encodeURIComponent(id)}`);
      expect([response.statusCode, response.json()]).toEqual([404, { message: NOT_FOUND_MESSAGES.post }]);
    }
  });

  it('updates a post: kept images in the given order, then the new ones; removed files are deleted', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser, {}, [await image('jpeg', 20, 20, '#f00'), await image('jpeg', 30, 20, '#0f0'), await image('jpeg', 40, 20, '#00f')]);
    const [a, b, c] = post.imageUrls as [string, string, string];
    const response = await maya.browser.request(
      'PUT',
      `/api/posts/${post._id}`,
      await form({ title: ' Restomod E-Type ', content: 'Electrics done.', existingImageUrls: JSON.stringify([c, a]) }, [await image('png', 50, 25)]),
    );
    expect(response.statusCode).toBe(200);
    const updated = response.json<Post>();
    expect(updated).toMatchObject({ _id: post._id, title: 'Restomod E-Type', content: 'Electrics done.', createdAt: post.createdAt });
    expect(updated.imageUrls.slice(0, 2)).toEqual([c, a]);
    expect(updated.images?.map((i) => [i.width, i.height])).toEqual([[40, 20], [20, 20], [50, 25]]);
    expect(postFiles()).not.toContain(mediaKey(b));
    expect(postFiles()).toContain(mediaKey(c));
    expect(postFiles()).toHaveLength(3 * IMAGE_VARIANTS.post.length);
    expect((await kenji.browser.get(`/api/posts/${post._id}`)).json<Post>()).toEqual(updated);
  });

  it('refuses updates by anyone but the author, over 5 images, none at all, foreign or repeated URLs, and bad fields', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser, {}, [await image(), await image()]);
    const other = await newPost(kenji.browser);
    const put = async (who: typeof maya, fields: Record<string, string>, files: ImageFile[] = [], id = post._id) => {
      const response = await who.browser.request('PUT', `/api/posts/${id}`, await form(fields, files));
      return [response.statusCode, response.json<{ message: string }>().message];
    };
    const kept = JSON.stringify(post.imageUrls);
    const one = await image();
    expect(await put(kenji, { title: 'Mine now', content: 'x', existingImageUrls: '[]' })).toEqual([403, REFUSAL_MESSAGES.editOwnPostOnly]);
    expect(await put(maya, { title: 'x', content: 'y', existingImageUrls: kept }, [one, one, one, one])).toEqual([400, FORM_MESSAGES.maxImagesOnEdit]);
    expect(await put(maya, { title: 'x', content: 'y', existingImageUrls: kept }, [one, one, one, one, one, one])).toEqual([400, FORM_MESSAGES.maxImagesOnEdit]);
    expect(await put(maya, { title: 'x', content: 'y', existingImageUrls: '[]' })).toEqual([400, FORM_MESSAGES.selectAtLeastOneImage]);
    expect(await put(maya, { title: 'x', content: 'y', existingImageUrls: JSON.stringify([other.imageUrls[0]]) })).toEqual([400, REFUSAL_MESSAGES.invalidRequest]);
    expect(await put(maya, { title: 'x', content: 'y', existingImageUrls: JSON.stringify([post.imageUrls[0], post.imageUrls[0]]) })).toEqual([400, REFUSAL_MESSAGES.invalidRequest]);
    expect(await put(maya, { title: 'x', content: 'y', existingImageUrls: 'not json' })).toEqual([400, REFUSAL_MESSAGES.invalidRequest]);
    expect(await put(maya, { title: ' ', content: 'y', existingImageUrls: kept })).toEqual([400, FORM_MESSAGES.titleAndContentRequired]);
    expect(await put(maya, { title: 'x', content: 'y', existingImageUrls: kept }, [], NO_SUCH_ID)).toEqual([404, NOT_FOUND_MESSAGES.post]);
    expect((await maya.browser.get(`/api/posts/${post._id}`)).json<Post>()).toEqual(post);
    expect(postFiles()).toHaveLength(3 * IMAGE_VARIANTS.post.length);
  });

  it('like is a toggle answering the post with its likes, and notifies the author once', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser);
    const like = async (who: typeof maya) => (await who.browser.patch(`/api/posts/${post._id}/like`)).json<Post>().likes;
    expect(await like(kenji)).toEqual([kenji.id]);
    expect(await like(maya)).toEqual([kenji.id, maya.id]);
    expect(await like(kenji)).toEqual([maya.id]);
    expect((await kenji.browser.patch(`/api/posts/${NO_SUCH_ID}/like`)).json()).toEqual({ message: NOT_FOUND_MESSAGES.post });
    expect((await kenji.browser.patch('/api/posts/nope/like')).statusCode).toBe(404);
  });

  it('keeps every like and never two from one person under concurrent toggles', async () => {
    const fans = await people('maya', 'kenji', 'lena', 'sam', 'tomas', 'ruby');
    const post = await newPost(fans[0].browser);
    const results = await Promise.all(fans.map((fan) => fan.browser.patch(`/api/posts/${post._id}/like`)));
    expect(results.map((r) => r.statusCode)).toEqual(fans.map(() => 200));
    const after = (await fans[0].browser.get(`/api/posts/${post._id}`)).json<Post>();
    expect(after.likes.slice().sort()).toEqual(fans.map((f) => f.id).sort());
    // One person toggling four times at once: an even number of toggles leaves no like.
    const toggles = await Promise.all([1, 2, 3, 4].map(() => fans[1].browser.patch(`/api/posts/${post._id}/like`)));
    expect(toggles.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.db.select().from(likes).where(eq(likes.postId, post._id));
    expect(rows.map((r) => r.userId).sort()).toEqual(fans.map((f) => f.id).sort());
    const notes = await t.db.select().from(notifications).where(eq(notifications.postId, post._id));
    expect(notes.map((n) => n.senderId).sort()).toEqual(fans.slice(1).map((f) => f.id).sort());
  });

  it('deletes a post by its author with its comments, likes, notifications and files; refuses anyone else', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser, {}, [await image(), await image('png')]);
    const keep = await newPost(maya.browser);
    await kenji.browser.post(`/api/comments/${post._id}`, { text: 'Clean!' });
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    const refused = await kenji.browser.request('DELETE', `/api/posts/${post._id}`);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: REFUSAL_MESSAGES.deletePostForbidden }]);
    const deleted = await maya.browser.request('DELETE', `/api/posts/${post._id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: SUCCESS_MESSAGES.postDeleted }]);
    expect((await kenji.browser.get(`/api/posts/${post._id}`)).statusCode).toBe(404);
    expect((await maya.browser.request('DELETE', `/api/posts/${post._id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(comments)).toEqual([]);
    expect(await t.db.select().from(likes)).toEqual([]);
    expect(await t.db.select().from(notifications)).toEqual([]);
    expect(postFiles()).toEqual(keep.imageUrls.flatMap((url) => siblingKeys(mediaKey(url))).sort());
    for (const url of post.imageUrls) expect((await maya.browser.get(url)).statusCode).toBe(404);
  });

  it("lets a community's creator delete, but not edit, a member's post there; not a post elsewhere", async () => {
    const [maya, lena] = await people('maya', 'lena');
    const club = await communityOf(t.db, maya, 'JDM Legends', [lena]);
    const there = await newPost(lena.browser, { community: club });
    const elsewhere = await newPost(lena.browser);
    const edit = await maya.browser.request('PUT', `/api/posts/${there._id}`, await form({ title: 'x', content: 'y', existingImageUrls: JSON.stringify(there.imageUrls) }));
    expect([edit.statusCode, edit.json()]).toEqual([403, { message: REFUSAL_MESSAGES.editOwnPostOnly }]);
    expect((await maya.browser.request('DELETE', `/api/posts/${elsewhere._id}`)).statusCode).toBe(403);
    expect((await maya.browser.request('DELETE', `/api/posts/${there._id}`)).statusCode).toBe(200);
    expect((await lena.browser.get(`/api/posts/${there._id}`)).statusCode).toBe(404);
  });

  it("keeps a post's trending score in step with its likes and comments", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser);
    const score = async () => (await t.db.select({ s: posts.trendingScore }).from(posts).where(eq(posts.id, post._id)))[0]!.s;
    const fresh = await score();
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    // Two events of about the same moment: one more doubling.
    expect(await score()).toBeCloseTo(fresh + 1, 2);
    await kenji.browser.patch(`/api/posts/${post._id}/like`);
    expect(await score()).toBeCloseTo(fresh, 6);
    const comment = (await kenji.browser.post(`/api/comments/${post._id}`, { text: 'Nice' })).json<{ _id: string }>();
    // A comment weighs 2: 1 + 2 = 3 times the post alone.
    expect(await score()).toBeCloseTo(fresh + Math.log2(3), 2);
    await kenji.browser.request('DELETE', `/api/comments/${comment._id}`);
    expect(await score()).toBeCloseTo(fresh, 6);
    const [row] = (await t.db.execute<{ n: number | string }>(sql`select count(*) as n from posts`)).rows;
    expect(Number(row!.n)).toBe(1);
  });
});
