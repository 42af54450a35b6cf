// GET /api/search?q=: users by username or full name, posts by title or content; literal
// matching whatever the input (quotes, %, _, backslashes, emoji), 400 for 10 KB, never a 5xx.
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, SEARCH_RESULT_LIMIT, type SearchResults } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { browser, person } from '../../../test/browser.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();

describe.each(backends)('search on $name', (backend) => {
  const t = useApp(backend, { sink });
  const search = async (who: { browser: ReturnType<typeof browser> }, q: string) => {
    const response = await who.browser.get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, q.slice(0, 40)).toBe(200);
    return response.json<SearchResults>();
  };

  it('answers 401 without a session, 400 without q', async () => {
    expect((await browser(t.app).get('/api/search?q=a')).statusCode).toBe(401);
    const [maya] = await peopleOf(t.app, sink, 'maya');
    expect((await maya.browser.get('/api/search')).statusCode).toBe(400);
  });

  it('finds users by username or full name and posts by title or content, case-insensitively; posts newest first', async () => {
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    const kenji = await person(t.app, sink, 'kenji', 'Kenji Watanabe');
    const ae86 = await newPost(kenji.browser, { title: 'AE86 on fresh coilovers', content: 'Ride height dialled in.' });
    const touge = await newPost(maya.browser, { title: 'Sunrise run', content: 'Followed an ae86 up the pass.' });
    await newPost(maya.browser, { title: 'Valve night', content: 'Twelve valves.' });
    const byPost = await search(maya, 'AE86');
    expect(byPost.posts.map((p) => p._id)).toEqual([touge._id, ae86._id]);
    expect(byPost.users).toEqual([]);
    expect((await search(maya, 'watanabe')).users).toEqual([{ _id: kenji.id, username: 'kenji', fullName: 'Kenji Watanabe', profilePictureUrl: '' }]);
    expect((await search(maya, 'KENJI')).users.map((u) => u._id)).toEqual([kenji.id]);
    expect(await search(maya, '   ')).toEqual({ users: [], posts: [], cars: [] });
  });

  it('ranks users: the exact username, then username prefixes, then other matches', async () => {
    const [, , , viewer] = await peopleOf(t.app, sink, 'fastcars', 'fast', 'thefastlane', 'maya');
    const found = await search(viewer, 'fast');
    expect(found.users.map((u) => u.username)).toEqual(['fast', 'fastcars', 'thefastlane']);
  });

  it(`answers at most ${SEARCH_RESULT_LIMIT} posts`, async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya');
    for (let i = 0; i <= SEARCH_RESULT_LIMIT; i++) await newPost(maya.browser, { title: `Drift ${i}` });
    expect((await search(maya, 'drift')).posts).toHaveLength(SEARCH_RESULT_LIMIT);
  });

  it('matches %, _, quotes, backslashes and emoji literally, refuses 10 KB, and never fails', async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya');
    const percent = await newPost(maya.browser, { title: '100% stock', content: 'Nothing changed.' });
    const underscore = await newPost(maya.browser, { title: 'snake_case plates', content: 'x' });
    const quote = await newPost(maya.browser, { title: "O'Reilly \"Boss\" 302", content: 'back\\slash' });
    const emoji = await newPost(maya.browser, { title: 'Sunday 🏎️ meet', content: 'y' });
    expect((await search(maya, '%')).posts.map((p) => p._id)).toEqual([percent._id]);
    expect((await search(maya, '_')).posts.map((p) => p._id)).toEqual([underscore._id]);
    expect((await search(maya, "O'Reilly")).posts.map((p) => p._id)).toEqual([quote._id]);
    expect((await search(maya, '"Boss"')).posts.map((p) => p._id)).toEqual([quote._id]);
    expect((await search(maya, '\\')).posts.map((p) => p._id)).toEqual([quote._id]);
    expect((await search(maya, '🏎️')).posts.map((p) => p._id)).toEqual([emoji._id]);
    for (const q of ["'; drop table posts; --", '%%%', '\\%', '(', '[a-z]', '*', 'a & b | !c', '<->', '\u{1F600}'.repeat(100), 'x'.repeat(500)]) {
      const found = await search(maya, q);
      expect(found.posts.length + found.users.length, q.slice(0, 30)).toBeLessThanOrEqual(4);
    }
    for (const q of ['x'.repeat(10 * 1024), 'a\u0000b']) {
      const response = await maya.browser.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect([response.statusCode, response.json()]).toEqual([400, { message: REFUSAL_MESSAGES.invalidRequest }]);
    }
    expect((await maya.browser.get('/api/search?q=a&q=b')).statusCode).toBe(400);
    expect((await maya.browser.get('/api/search?q=%E0%A4%A')).statusCode).toBeLessThan(500);
  });
});
