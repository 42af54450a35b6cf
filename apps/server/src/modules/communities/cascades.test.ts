// The cascades of spec §4 through the routes, counting rows and media files before and after:
// leave (the leaver's posts there), remove-member and an edit dropping members (their posts and
// their comments there), delete (everything of the community). And a cascade that fails halfway
// leaves the community, its rows and its files as they were.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, type Comment, type Community, type CommunityPage, type Post } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import type { Browser, Person } from '../../../test/browser.ts';
import { GENERIC_ERROR_MESSAGE } from '../../plugins/errors.ts';
import { IMAGE_VARIANTS } from '../media/limits.ts';
import { refreshTrendingScore } from '../posts/trending.ts';
import { image, mediaKey, newPost, peopleOf, storedFiles } from '../../../test/posts.ts';
import { answer, countsAfter, edit, failDeletesOn, join, newCommunity, rowCounts } from '../../../test/communities.ts';

const sink = useSmtpSink();
/** A media directory of its own for every test. */
const dataDir = useTempDir('pitlane-community-cascades-test-');

const mediaFiles = () => storedFiles(path.join(dataDir.path, 'media')).filter((file) => !file.startsWith('defaults/'));
/** The stored files (every size) of these image URLs. */
const filesOf = (urls: readonly string[]) => mediaFiles().filter((file) => urls.some((url) => file.startsWith(mediaKey(url).replace(/-[a-z]+\.webp$/, '-'))));

async function comment(b: Browser, postId: string, text: string): Promise<Comment> {
  const response = await b.post(`/api/comments/${postId}`, { text });
  if (response.statusCode !== 201) throw new Error(`comment answered ${response.statusCode}: ${response.body}`);
  return response.json<Comment>();
}

async function like(b: Browser, postId: string): Promise<void> {
  const response = await b.patch(`/api/posts/${postId}/like`);
  if (response.statusCode !== 200) throw new Error(`like answered ${response.statusCode}: ${response.body}`);
}

describe.each(backends)('community cascades on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const url = (id: string, rest = '') => `/api/communities/${id}${rest}`;

  /**
   * Maya's club with Lena and Kenji as members, Sam outside. In the club: Lena's post (2 images)
   * and Maya's post; outside: Lena's and Kenji's profile posts. Comments, likes and their
   * notifications on both sides.
   */
  async function scene() {
    const [maya, lena, kenji, sam] = await peopleOf(t.app, sink, 'maya', 'lena', 'kenji', 'sam');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    await join(lena.browser, club._id);
    await join(kenji.browser, club._id);
    const lenaPost = await newPost(lena.browser, { title: '912 barn find', community: club._id }, [await image('jpeg', 40, 30), await image('png', 30, 30)]);
    const mayaPost = await newPost(maya.browser, { title: 'Valve adjustment night', community: club._id });
    const lenaProfile = await newPost(lena.browser, { title: 'My daily' });
    const kenjiProfile = await newPost(kenji.browser, { title: 'AE86 at dawn' });
    await comment(lena.browser, mayaPost._id, 'Count me in');
    await comment(lena.browser, mayaPost._id, 'Bringing feeler gauges');
    const kenjiOnMaya = await comment(kenji.browser, mayaPost._id, 'Leave the patina');
    await comment(kenji.browser, lenaPost._id, 'What a find');
    // Anyone signed in may open a shared link to a post and comment.
    await comment(sam.browser, lenaPost._id, 'Nice');
    const lenaOutside = await comment(lena.browser, kenjiProfile._id, 'Outside the club');
    await like(kenji.browser, lenaPost._id);
    await like(maya.browser, lenaPost._id);
    await like(lena.browser, mayaPost._id);
    return { maya, lena, kenji, sam, club, lenaPost, mayaPost, lenaProfile, kenjiProfile, kenjiOnMaya, lenaOutside };
  }

  const postAnswer = async (b: Browser, id: string) => (await b.get(`/api/posts/${id}`)).statusCode;
  const commentsOn = async (b: Browser, postId: string) => (await b.get(`/api/comments/${postId}`)).json<{ comments: Comment[] }>().comments.map((c) => c.text);
  const score = async (postId: string) => Number((await t.db.execute<{ s: number }>(sql`select trending_score as s from posts where id = ${postId}`)).rows[0]!.s);

  it('the scene has what the cascades below count', async () => {
    await scene();
    expect(await rowCounts(t.db)).toEqual({ communities: 1, community_members: 3, posts: 4, post_images: 5, comments: 6, likes: 3, notifications: 9 });
    expect(mediaFiles()).toHaveLength(5 * IMAGE_VARIANTS.post.length); // every size of each post image
  });

  it("leaving deletes the leaver's posts there with their comments, likes, notifications and files; nothing else", async () => {
    const s = await scene();
    const before = await rowCounts(t.db);
    const files = mediaFiles();
    const doomed = filesOf(s.lenaPost.imageUrls);
    expect(doomed).toHaveLength(2 * IMAGE_VARIANTS.post.length);
    const response = await s.lena.browser.request('DELETE', url(s.club._id, '/leave-and-delete-posts'));
    expect(response.statusCode).toBe(200);

    // Lena's post there: its 2 images, 2 comments (Kenji's, Sam's), 2 likes and their 4 notifications.
    expect(await rowCounts(t.db)).toEqual(countsAfter(before, { community_members: -1, posts: -1, post_images: -2, comments: -2, likes: -2, notifications: -4 }));
    expect(await postAnswer(s.maya.browser, s.lenaPost._id)).toBe(404);
    expect(mediaFiles()).toEqual(files.filter((file) => !doomed.includes(file)));
    // Her comments in the club and her like there stay: leaving is not removal.
    expect(await commentsOn(s.maya.browser, s.mayaPost._id)).toEqual(['Leave the patina', 'Bringing feeler gauges', 'Count me in']);
    expect((await s.maya.browser.get(`/api/posts/${s.mayaPost._id}`)).json<Post>().likes).toEqual([s.lena.id]);
    for (const kept of [s.mayaPost, s.lenaProfile, s.kenjiProfile]) expect(await postAnswer(s.sam.browser, kept._id)).toBe(200);
  });

  it("removing a member deletes their posts there and their comments on the club's posts; the scores follow", async () => {
    const s = await scene();
    const before = await rowCounts(t.db);
    const files = mediaFiles();
    const doomed = filesOf(s.lenaPost.imageUrls);
    const scoreBefore = await score(s.mayaPost._id);
    const response = await s.maya.browser.patch(url(s.club._id, `/remove-member/${s.lena.id}`));
    expect(response.statusCode).toBe(200);

    // As leaving, plus Lena's 2 comments on Maya's post.
    expect(await rowCounts(t.db)).toEqual(countsAfter(before, { community_members: -1, posts: -1, post_images: -2, comments: -4, likes: -2, notifications: -4 }));
    expect(mediaFiles()).toEqual(files.filter((file) => !doomed.includes(file)));
    expect(await commentsOn(s.maya.browser, s.mayaPost._id)).toEqual(['Leave the patina']);
    // Outside the club, her comment stays; so do her like in the club and her profile post.
    expect(await commentsOn(s.kenji.browser, s.kenjiProfile._id)).toEqual(['Outside the club']);
    expect((await s.maya.browser.get(`/api/posts/${s.mayaPost._id}`)).json<Post>().likes).toEqual([s.lena.id]);
    expect(await postAnswer(s.maya.browser, s.lenaProfile._id)).toBe(200);
    // Two comments fewer: a lower trending score, already what a recomputation gives.
    const scoreAfter = await score(s.mayaPost._id);
    expect(scoreAfter).toBeLessThan(scoreBefore);
    await refreshTrendingScore(t.db, s.mayaPost._id);
    expect(await score(s.mayaPost._id)).toBeCloseTo(scoreAfter, 9);
  });

  it('an edit removes the members left out with the same cascade; the creator stays and strangers are ignored', async () => {
    const s = await scene();
    const before = await rowCounts(t.db);
    const files = mediaFiles();
    const doomed = filesOf(s.lenaPost.imageUrls);
    const response = await edit(s.maya.browser, s.club._id, { name: s.club.name, description: s.club.description, members: [s.sam.id, 'not-an-id'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Community>().members).toEqual([s.maya.id]);

    // Lena: her post (2 images, 2 comments, 2 likes, 4 notifications) and 2 comments; Kenji: 1 comment.
    expect(await rowCounts(t.db)).toEqual(countsAfter(before, { community_members: -2, posts: -1, post_images: -2, comments: -5, likes: -2, notifications: -4 }));
    expect(await commentsOn(s.maya.browser, s.mayaPost._id)).toEqual([]);
    expect(await commentsOn(s.kenji.browser, s.kenjiProfile._id)).toEqual(['Outside the club']);
    expect(mediaFiles()).toEqual(files.filter((file) => !doomed.includes(file)));
    for (const p of [s.lena, s.kenji]) expect((await p.browser.get(url(s.club._id))).json<CommunityPage>()).toMatchObject({ isMember: false, posts: [] });
    // Keeping everyone removes no one.
    const kept = await edit(s.maya.browser, s.club._id, { name: s.club.name, description: s.club.description, members: [s.maya.id] });
    expect(kept.json<Community>().members).toEqual([s.maya.id]);
  });

  it('deleting a community deletes its posts with their comments, likes, notifications and files, its members and its cover', async () => {
    const s = await scene();
    const withCover = await edit(s.maya.browser, s.club._id, { name: s.club.name, description: s.club.description, members: [s.maya.id, s.lena.id, s.kenji.id] }, await image('png', 300, 100));
    expect(filesOf([withCover.json<Community>().coverImageUrl])).toHaveLength(2);
    const before = await rowCounts(t.db);

    expect((await s.maya.browser.request('DELETE', url(s.club._id))).statusCode).toBe(200);
    // Its 2 posts (3 images; 5 comments; 3 likes; 8 notifications), 3 memberships, the community.
    expect(await rowCounts(t.db)).toEqual(countsAfter(before, { communities: -1, community_members: -3, posts: -2, post_images: -3, comments: -5, likes: -3, notifications: -8 }));
    expect(mediaFiles()).toEqual(filesOf([...s.lenaProfile.imageUrls, ...s.kenjiProfile.imageUrls]));
    for (const gone of [s.lenaPost, s.mayaPost]) expect(answer(await s.kenji.browser.get(`/api/posts/${gone._id}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.post }]);
    expect(await commentsOn(s.kenji.browser, s.kenjiProfile._id)).toEqual(['Outside the club']);
    const notifications = (await s.kenji.browser.get('/api/notifications')).json<Array<{ type: string }>>();
    expect(notifications.map((n) => n.type)).toEqual(['comment']);
  });

  describe('a cascade that fails halfway changes nothing', () => {
    // A trigger makes the database refuse a delete in the middle of the cascade; the route answers
    // 500 and the transaction is rolled back: rows, membership, files and the page as before.
    // Lena's first comment on Maya's post goes in the last step of a removal (after her membership and her post).
    const lastStepOfRemoval = "old.text = 'Count me in'";
    const cases: Array<{ what: string; table: Parameters<typeof failDeletesOn>[1]; when?: string; run: (s: Awaited<ReturnType<typeof scene>>) => Promise<{ statusCode: number; body: string }> }> = [
      { what: 'leave', table: 'post_images', run: (s) => s.lena.browser.request('DELETE', url(s.club._id, '/leave-and-delete-posts')) },
      { what: 'remove-member', table: 'comments', when: lastStepOfRemoval, run: (s) => s.maya.browser.patch(url(s.club._id, `/remove-member/${s.lena.id}`)) },
      {
        what: 'an edit with a new cover',
        table: 'comments',
        when: lastStepOfRemoval,
        run: async (s) => edit(s.maya.browser, s.club._id, { name: 'Renamed', description: 'Changed', members: [s.maya.id] }, await image('png', 300, 100)),
      },
      { what: 'delete', table: 'post_images', run: (s) => s.maya.browser.request('DELETE', url(s.club._id)) },
    ];

    for (const { what, table, when, run } of cases) {
      it(what, async () => {
        const s = await scene();
        const page = (p: Person) => p.browser.get(url(s.club._id)).then((r) => r.json<CommunityPage>());
        const [counts, files, mayaView, lenaView] = [await rowCounts(t.db), mediaFiles(), await page(s.maya), await page(s.lena)];
        const restore = await failDeletesOn(t.db, table, when);
        try {
          const response = await run(s);
          expect([response.statusCode, JSON.parse(response.body)]).toEqual([500, { message: GENERIC_ERROR_MESSAGE }]);
        } finally {
          await restore();
        }
        expect(await rowCounts(t.db)).toEqual(counts);
        // Nothing deleted, and a cover stored for the edit went again.
        expect(mediaFiles()).toEqual(files);
        expect(await page(s.maya)).toEqual(mayaView);
        expect(await page(s.lena)).toEqual(lenaView);
      });
    }
  });
});
