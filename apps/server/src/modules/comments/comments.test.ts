// Comments through real HTTP: list (newest first, paged, with totalComments), create (trimmed,
// 1–300 characters), delete (comment author, post author, community creator; nobody else).
import { describe, expect, it } from 'vitest';
import { MAX_COMMENT_LENGTH, NOT_FOUND_MESSAGES, PAGE_SIZES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type Comment, type CommentPage } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { browser } from '../../../test/browser.ts';
import { NO_SUCH_ID, communityOf, newPost, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();

describe.each(backends)('comments on $name', (backend) => {
  const t = useApp(backend, { sink });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);

  it('answers 401 to every comments call without a session', async () => {
    const b = browser(t.app);
    for (const [method, url] of [['GET', `/api/comments/${NO_SUCH_ID}`], ['POST', `/api/comments/${NO_SUCH_ID}`], ['DELETE', `/api/comments/${NO_SUCH_ID}`]] as const) {
      const response = await b.request(method, url, method === 'POST' ? { payload: { text: 'Hi' } } : {});
      expect([response.statusCode, response.json()]).toEqual([401, { message: REFUSAL_MESSAGES.notSignedIn }]);
    }
  });

  it('creates a trimmed comment and lists comments newest first with the total', async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const post = await newPost(maya.browser);
    const created = await kenji.browser.post(`/api/comments/${post._id}`, { text: '  That Guards Red!  ' });
    expect(created.statusCode).toBe(201);
    const first = created.json<Comment>();
    expect(first).toMatchObject({ text: 'That Guards Red!', author: { _id: kenji.id, username: kenji.username, fullName: kenji.fullName, profilePictureUrl: '' } });
    const second = (await lena.browser.post(`/api/comments/${post._id}`, { text: 'See you Sunday?' })).json<Comment>();
    expect((await maya.browser.get(`/api/comments/${post._id}`)).json<CommentPage>()).toEqual({ comments: [second, first], totalComments: 2, totalPages: 1 });
  });

  it('accepts 300 characters (emoji too), refuses 301, blank text, a missing post and odd bodies', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser);
    const create = (payload: unknown, id = post._id) => kenji.browser.post(`/api/comments/${id}`, payload);
    expect((await create({ text: 'x'.repeat(MAX_COMMENT_LENGTH) })).statusCode).toBe(201);
    expect((await create({ text: '🏎️ Vroom 🏁' })).json<Comment>().text).toBe('🏎️ Vroom 🏁');
    const refusals: Array<[unknown, number, string]> = [
      [{ text: 'x'.repeat(MAX_COMMENT_LENGTH + 1) }, 400, REFUSAL_MESSAGES.commentTooLong],
      [{ text: '   ' }, 400, REFUSAL_MESSAGES.commentRequired],
      [{}, 400, REFUSAL_MESSAGES.commentRequired],
      [{ text: 42 }, 400, REFUSAL_MESSAGES.commentRequired],
      [{ text: 'a\u0000b' }, 400, REFUSAL_MESSAGES.invalidRequest],
    ];
    for (const [payload, status, message] of refusals) {
      const response = await create(payload);
      expect([response.statusCode, response.json()], JSON.stringify(payload)).toEqual([status, { message }]);
    }
    for (const id of [NO_SUCH_ID, 'no-such-post']) {
      const response = await create({ text: 'Hi' }, id);
      expect([response.statusCode, response.json()]).toEqual([404, { message: NOT_FOUND_MESSAGES.post }]);
      expect((await kenji.browser.get(`/api/comments/${id}`)).statusCode).toBe(404);
    }
    expect((await maya.browser.get(`/api/comments/${post._id}`)).json<CommentPage>().totalComments).toBe(2);
  });

  it('pages comments with totalComments and totalPages', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const post = await newPost(maya.browser);
    const total = PAGE_SIZES.comments + 2;
    for (let i = 1; i <= total; i++) await kenji.browser.post(`/api/comments/${post._id}`, { text: `Comment ${i}` });
    const first = (await maya.browser.get(`/api/comments/${post._id}?page=1`)).json<CommentPage>();
    expect([first.totalComments, first.totalPages, first.comments.length]).toEqual([total, 2, PAGE_SIZES.comments]);
    expect(first.comments.slice(0, 2).map((c) => c.text)).toEqual([`Comment ${total}`, `Comment ${total - 1}`]);
    const second = (await maya.browser.get(`/api/comments/${post._id}?page=2`)).json<CommentPage>();
    expect(second.comments.map((c) => c.text)).toEqual(['Comment 2', 'Comment 1']);
    expect((await maya.browser.get(`/api/comments/${post._id}?page=3`)).json<CommentPage>()).toEqual({ comments: [], totalComments: total, totalPages: 2 });
    expect((await maya.browser.get(`/api/comments/${post._id}?page=0`)).statusCode).toBe(400);
  });

  it("lets the comment's author, the post's author and the community's creator delete a comment, and no one else", async () => {
    const [maya, kenji, lena, sam] = await people('maya', 'kenji', 'lena', 'sam');
    const club = await communityOf(t.db, sam, 'JDM Legends', [maya]);
    const post = await newPost(maya.browser, { community: club });
    const say = async (who: typeof maya, text: string) => (await who.browser.post(`/api/comments/${post._id}`, { text })).json<Comment>();
    const byKenji = await say(kenji, 'Nice');
    const byLena = await say(lena, 'Clean');
    const spam = await say(lena, 'Spam spam spam');
    const remove = (who: typeof maya, id: string) => who.browser.request('DELETE', `/api/comments/${id}`);
    const refused = await remove(lena, byKenji._id);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: REFUSAL_MESSAGES.deleteCommentForbidden }]);
    const own = await remove(kenji, byKenji._id);
    expect([own.statusCode, own.json()]).toEqual([200, { message: SUCCESS_MESSAGES.commentDeleted }]);
    expect((await remove(maya, byLena._id)).statusCode).toBe(200);
    expect((await remove(sam, spam._id)).statusCode).toBe(200);
    expect((await maya.browser.get(`/api/comments/${post._id}`)).json()).toEqual({ comments: [], totalComments: 0, totalPages: 0 });
    for (const id of [byLena._id, NO_SUCH_ID, 'nope']) {
      const gone = await remove(maya, id);
      expect([gone.statusCode, gone.json()]).toEqual([404, { message: REFUSAL_MESSAGES.commentNotFound }]);
    }
  });
});
