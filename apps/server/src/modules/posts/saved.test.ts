// Saved posts on the server (issue 21), beyond the behaviour suite (test/behaviour/ runs
// its "saved posts" part here too): what only the database shows. The rows go with the saver's
// account and with the post; concurrent saves keep one row; equal save times page in a fixed order.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, PAGE_SIZES, type Post, type PostPage } from '@pitlane/api/contract';
import { savedPosts } from '../../db/schema.ts';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { inboxMark, codeAfter, type Browser } from '../../../test/browser.ts';
import { NO_SUCH_ID, newPost, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-saved-test-', { per: 'suite' });

describe.each(backends)('saved posts on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const save = (b: Browser, id: string) => b.request('PUT', `/api/posts/${id}/save`, { payload: {} });
  const unsave = (b: Browser, id: string) => b.request('DELETE', `/api/posts/${id}/save`);
  const savedList = async (b: Browser, page = 1) => {
    const response = await b.get(`/api/posts/saved?page=${page}`);
    expect(response.statusCode).toBe(200);
    return response.json<PostPage>();
  };
  const rows = () => t.db.select({ userId: savedPosts.userId, postId: savedPosts.postId }).from(savedPosts);

  it('one row per person and post, however many saves arrive at once; removing twice is fine', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(kenji.browser);
    const answers = await Promise.all(Array.from({ length: 5 }, () => save(maya.browser, post._id)));
    expect(answers.map((a) => [a.statusCode, a.json<Post>().saved])).toEqual(Array.from({ length: 5 }, () => [200, true]));
    expect(await rows()).toEqual([{ userId: maya.id, postId: post._id }]);

    const removals = await Promise.all([unsave(maya.browser, post._id), unsave(maya.browser, post._id)]);
    expect(removals.map((a) => [a.statusCode, a.json<Post>().saved])).toEqual([[200, false], [200, false]]);
    expect(await rows()).toEqual([]);
  });

  it('a post that does not exist: 404 "Post not found." and no row', async () => {
    const [maya] = await people('maya');
    for (const id of [NO_SUCH_ID, 'not-a-uuid']) {
      for (const answer of [await save(maya.browser, id), await unsave(maya.browser, id)]) {
        expect(answer.statusCode, id).toBe(404);
        expect(answer.json()).toEqual({ message: NOT_FOUND_MESSAGES.post });
      }
    }
    expect(await rows()).toEqual([]);
  });

  it("deleting the saver's account deletes their saves; the post and others' saves stay", async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const post = await newPost(kenji.browser);
    await save(maya.browser, post._id);
    await save(lena.browser, post._id);

    const mark = inboxMark(sink);
    await maya.browser.post('/api/user/request-delete-otp');
    const otp = await codeAfter(sink, mark, maya.email);
    expect((await maya.browser.post('/api/user/confirm-delete', { otp })).statusCode).toBe(200);

    expect(await rows()).toEqual([{ userId: lena.id, postId: post._id }]);
    expect((await savedList(lena.browser)).posts.map((p) => p._id)).toEqual([post._id]);
  });

  it('a deleted post takes its saves with it', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(kenji.browser);
    await save(maya.browser, post._id);
    expect((await kenji.browser.request('DELETE', `/api/posts/${post._id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(savedPosts).where(eq(savedPosts.postId, post._id))).toEqual([]);
    expect(await savedList(maya.browser)).toEqual({ posts: [], totalPages: 0 });
  });

  it('saves made at the same moment page in one fixed order: no post repeated or skipped across pages', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const ids: string[] = [];
    for (let i = 0; i < PAGE_SIZES.saved + 3; i++) ids.push((await newPost(kenji.browser, { title: `Lap ${i}` }))._id);
    for (const id of ids) await save(maya.browser, id);
    await t.db.execute(sql`update saved_posts set saved_at = '2026-11-22T09:30:00Z' where user_id = ${maya.id}`);

    const first = await savedList(maya.browser, 1);
    const second = await savedList(maya.browser, 2);
    expect(first.totalPages).toBe(2);
    const listed = [...first.posts, ...second.posts].map((p) => p._id);
    expect(listed).toEqual(ids.slice().sort().reverse());
  });
});
