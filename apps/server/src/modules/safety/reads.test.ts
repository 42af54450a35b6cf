// What a block pair sees of each other (README.md "Reads"): the profile (the blocked person's name
// and picture only to the one who blocked, 404 to the other), 404 for every page of the other's
// (profile lists, posts and their comments, cars), from both sides; a mute changes none of them;
// the follow lists of a third person leave the viewer's block pairs out.
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, type UserSummary } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import type { Browser } from '../../../test/browser.ts';
import { newCar } from '../../../test/cars.ts';
import { answer } from '../../../test/communities.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { block, hidden, mute, unblock } from '../../../test/safety.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-safety-reads-', { per: 'suite' });

describe.each(backends)('what a block pair sees on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  type Who = Awaited<ReturnType<typeof people>>[number];
  const follow = (who: Who, whom: Who) => who.browser.patch(`/api/user/${whom.id}/follow`);

  /** The pages of `owner` another person opens: their profile's lists, a post of theirs and a car. */
  async function pagesOf(owner: Who) {
    const post = await newPost(owner.browser, { title: `${owner.username}'s post` });
    await owner.browser.post(`/api/comments/${post._id}`, { text: 'First!' });
    const car = await newCar(owner.browser);
    const profile: Array<[string, string]> = [
      ['GET', `/api/user/${owner.id}/followers`],
      ['GET', `/api/user/${owner.id}/following`],
      ['GET', `/api/user/${owner.id}/communities-list`],
      ['GET', `/api/posts/by-user/${owner.id}`],
      ['GET', `/api/cars/by-user/${owner.id}`],
    ];
    const posts: Array<[string, string]> = [
      ['GET', `/api/posts/${post._id}`],
      ['GET', `/api/posts/${post._id}/related`],
      ['GET', `/api/comments/${post._id}`],
      ['PUT', `/api/posts/${post._id}/save`],
    ];
    const cars: Array<[string, string]> = [
      ['GET', `/api/cars/${car._id}`],
      ['GET', `/api/cars/${car._id}/timeline`],
    ];
    return { profile, posts, cars };
  }
  type Pages = Awaited<ReturnType<typeof pagesOf>>;

  const open = (b: Browser, [method, url]: [string, string]) => b.request(method as 'GET' | 'PUT', url, method === 'PUT' ? { payload: {} } : {});

  async function expectUnavailable(viewer: Who, pages: Pages): Promise<void> {
    const expected = [
      ['profile', NOT_FOUND_MESSAGES.profileUnavailable],
      ['posts', NOT_FOUND_MESSAGES.postUnavailable],
      ['cars', NOT_FOUND_MESSAGES.carUnavailable],
    ] as const;
    for (const [kind, message] of expected) {
      for (const page of pages[kind]) expect(answer(await open(viewer.browser, page)), `${viewer.username}: ${page.join(' ')}`).toEqual([404, { message }]);
    }
  }

  async function expectAvailable(viewer: Who, pages: Pages): Promise<void> {
    for (const page of [...pages.profile, ...pages.posts, ...pages.cars]) {
      expect((await open(viewer.browser, page)).statusCode, `${viewer.username}: ${page.join(' ')}`).toBe(200);
    }
  }

  it("shows the person one blocked by name and picture only, and 404 to the one blocked; flags elsewhere, none on one's own", async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    await follow(kenji, lena);
    await newPost(kenji.browser);
    await hidden(block(maya, kenji));

    expect(answer(await maya.browser.get('/api/user/kenji'))).toEqual([
      200,
      { _id: kenji.id, username: 'kenji', fullName: kenji.fullName, profilePictureUrl: '', followers: [], following: [], communities: [], postCount: 0, blocked: true, muted: false },
    ]);
    expect(answer(await kenji.browser.get('/api/user/maya'))).toEqual([404, { message: NOT_FOUND_MESSAGES.profileUnavailable }]);

    const lenaSeen = (await maya.browser.get('/api/user/lena')).json();
    expect(lenaSeen).toMatchObject({ _id: lena.id, blocked: false, muted: false });
    expect(lenaSeen).not.toHaveProperty('email');
    const own = (await maya.browser.get('/api/user/maya')).json();
    expect(own).toMatchObject({ _id: maya.id, email: maya.email });
    expect(own).not.toHaveProperty('blocked');
    expect(own).not.toHaveProperty('muted');

    // A mute shows the whole profile, with the flag.
    await hidden(mute(lena, kenji));
    expect((await lena.browser.get('/api/user/kenji')).json()).toMatchObject({ _id: kenji.id, followers: [], following: [lena.id], postCount: 1, blocked: false, muted: true });
    // Blocked both ways, each sees whom they blocked (and may unblock).
    await hidden(block(kenji, maya));
    expect((await maya.browser.get('/api/user/kenji')).json()).toMatchObject({ blocked: true, postCount: 0 });
    expect((await kenji.browser.get('/api/user/maya')).json()).toMatchObject({ blocked: true, postCount: 0 });
  });

  it("answers 404 for every page of the other's, from both sides of the block, and opens them again after the unblock", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const [mayaPages, kenjiPages] = [await pagesOf(maya), await pagesOf(kenji)];
    await hidden(block(maya, kenji));
    await expectUnavailable(maya, kenjiPages);
    await expectUnavailable(kenji, mayaPages);
    // Each one's own pages still open.
    await expectAvailable(maya, mayaPages);

    await hidden(unblock(maya, kenji));
    await expectAvailable(maya, kenjiPages);
    await expectAvailable(kenji, mayaPages);
  });

  it('a mute changes none of these: the muted person’s profile, posts and cars open, both ways', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const [mayaPages, kenjiPages] = [await pagesOf(maya), await pagesOf(kenji)];
    await hidden(mute(maya, kenji));
    await expectAvailable(maya, kenjiPages);
    await expectAvailable(kenji, mayaPages);
  });

  it("leaves the viewer's block pairs out of a third person's followers and following, but not the muted", async () => {
    const [maya, kenji, lena, ola] = await people('maya', 'kenji', 'lena', 'ola');
    for (const who of [maya, kenji, ola]) await follow(who, lena);
    for (const whom of [maya, kenji, ola]) await follow(lena, whom);
    await hidden(block(maya, kenji));
    await hidden(mute(maya, ola));
    const names = async (viewer: Who, list: 'followers' | 'following') =>
      (await viewer.browser.get(`/api/user/${lena.id}/${list}`)).json<UserSummary[]>().map((user) => user.username).sort();

    for (const list of ['followers', 'following'] as const) {
      expect(await names(maya, list)).toEqual(['maya', 'ola']);
      expect(await names(kenji, list)).toEqual(['kenji', 'ola']);
      expect(await names(lena, list)).toEqual(['kenji', 'maya', 'ola']);
    }
  });
});
