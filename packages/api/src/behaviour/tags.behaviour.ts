// Tags and mentions (issue 21): a post's `#tags` (read from its title and content by the
// contract's rich-text.ts) make its tag page, the trending tags and the `#` type-ahead; its
// `@mentions` and a comment's notify the people named; the `@` type-ahead offers people.
import { describe, expect, it } from 'vitest';
import { PAGE_SIZES, REFUSAL_MESSAGES, SEARCH_TAG_LIMIT, TRENDING_TAGS_COUNT, TYPEAHEAD_LIMIT } from '../contract/index.ts';
import { refusal, type Actor, type World } from './world.ts';

export function tagsBehaviour(world: World): void {
  const tagPage = async (actor: Actor, tag: string, page = 1) => actor.api.call('tags.posts', { params: { tag }, query: { page } });
  const tagPageIds = async (actor: Actor, tag: string) => (await tagPage(actor, tag)).posts.map((p) => p._id);
  /** The viewer's `mention` notifications, newest first, as [sender username, post id]. */
  const mentions = async (actor: Actor) =>
    (await actor.api.call('notifications.list')).filter((n) => n.type === 'mention').map((n) => [n.sender.username, n.post?._id ?? null]);

  describe('tags', () => {
    it("lists a tag's posts newest first, from title and content, in any case, each card with its comment preview", async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const inTitle = await world.post(kenji, { title: 'Corner weights done #E30', content: 'Shakedown on Sunday.' });
      const inContent = await world.post(lena, { title: 'Alignment day', content: 'Toe and camber for the #e30 and the #TrackDay.' });
      await world.post(lena, { title: 'No tag here', content: 'e30 without a hash, C# and &#39;e30&#39; are no tags.' });
      await maya.api.call('comments.create', { params: { postId: inTitle._id }, body: { text: 'Which scales? #e30' } });

      const page = await tagPage(maya, 'e30');
      expect(page.totalPages).toBe(1);
      expect(page.posts.map((p) => p._id)).toEqual([inContent._id, inTitle._id]);
      expect(page.posts[1]).toMatchObject({ _id: inTitle._id, title: 'Corner weights done #E30', saved: false });
      expect(page.posts[1]?.commentsPreview).toMatchObject({ totalComments: 1, comments: [{ text: 'Which scales? #e30' }] });
      // The address's tag in any case is the same tag.
      expect(await tagPageIds(maya, 'E30')).toEqual([inContent._id, inTitle._id]);
      expect(await tagPageIds(maya, 'trackday')).toEqual([inContent._id]);
      // A comment's tag does not put the post on the tag's page.
      expect(await tagPage(maya, 'nothing_here')).toEqual({ posts: [], totalPages: 0 });
    });

    it('follows edits and deletions: a tag removed or a post deleted leaves the page', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const edited = await world.post(kenji, { title: 'Track notes', content: 'Brake fade again. #trackday' });
      const deleted = await world.post(kenji, { title: 'Gone soon', content: '#trackday' });
      expect(await tagPageIds(maya, 'trackday')).toEqual([deleted._id, edited._id]);

      await kenji.api.call('posts.update', { params: { id: edited._id }, body: { title: 'Track notes', content: 'Brake fade again. #brakes', existingImageUrls: edited.imageUrls } });
      await kenji.api.call('posts.delete', { params: { id: deleted._id } });
      expect(await tagPage(maya, 'trackday')).toEqual({ posts: [], totalPages: 0 });
      expect(await tagPageIds(maya, 'brakes')).toEqual([edited._id]);
    });

    it(`pages the tag's posts by PAGE_SIZES.tagPosts (${PAGE_SIZES.tagPosts})`, async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const posts = [];
      for (let i = 1; i <= PAGE_SIZES.tagPosts + 1; i++) posts.push(await world.post(kenji, { title: `Build log ${i}`, content: '#buildlog' }));
      const newestFirst = posts.reverse().map((p) => p._id);
      const first = await tagPage(maya, 'buildlog');
      expect(first.totalPages).toBe(2);
      expect(first.posts.map((p) => p._id)).toEqual(newestFirst.slice(0, PAGE_SIZES.tagPosts));
      expect((await tagPage(maya, 'buildlog', 2)).posts.map((p) => p._id)).toEqual(newestFirst.slice(PAGE_SIZES.tagPosts));
      expect(await tagPage(maya, 'buildlog', 3)).toEqual({ posts: [], totalPages: 2 });
    });

    it.skipIf(!world.has('communities'))("shows a community's tagged posts to its members only", async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const { newCommunity } = await kenji.api.call('communities.create', { body: { name: `Touge Club ${kenji.username}`, description: 'Mountain passes at dawn.' } });
      const open = await world.post(kenji, { title: 'Open to all', content: '#touge' });
      const membersOnly = await world.post(kenji, { title: 'Members only', content: '#touge', community: newCommunity._id });

      expect(await tagPageIds(kenji, 'touge')).toEqual([membersOnly._id, open._id]);
      expect(await tagPageIds(maya, 'touge')).toEqual([open._id]);
      expect((await maya.api.call('tags.trending')).tags).toEqual([{ tag: 'touge', postCount: 1 }]);
      expect((await kenji.api.call('tags.trending')).tags).toEqual([{ tag: 'touge', postCount: 2 }]);
      // The type-ahead offers what exists: its count is of every post carrying the tag.
      expect((await maya.api.call('tags.suggest', { query: { q: 'tou' } })).tags).toEqual([{ tag: 'touge', postCount: 2 }]);

      await maya.api.call('communities.join', { params: { id: newCommunity._id }, body: {} });
      expect(await tagPageIds(maya, 'touge')).toEqual([membersOnly._id, open._id]);
    });

    it.skipIf(!world.has('safety'))('leaves out the posts of a block pair, and of people the viewer muted', async () => {
      const [maya, kenji, lena, sam] = await world.people('maya', 'kenji', 'lena', 'sam');
      const byKenji = await world.post(kenji, { content: '#aircooled' });
      const byLena = await world.post(lena, { content: '#aircooled' });
      const bySam = await world.post(sam, { content: '#aircooled' });
      const byMaya = await world.post(maya, { content: '#aircooled' });
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });
      await lena.api.call('safety.block', { params: { userId: maya.id }, body: {} });
      await maya.api.call('safety.mute', { params: { userId: sam.id }, body: {} });

      expect(await tagPageIds(maya, 'aircooled')).toEqual([byMaya._id]);
      expect((await maya.api.call('tags.trending')).tags).toEqual([{ tag: 'aircooled', postCount: 1 }]);
      expect((await maya.api.call('tags.suggest', { query: { q: 'air' } })).tags).toEqual([{ tag: 'aircooled', postCount: 4 }]);
      // Both ways: neither Kenji nor Lena sees Maya's post; a mute is the muter's alone.
      expect(await tagPageIds(kenji, 'aircooled')).toEqual([bySam._id, byLena._id, byKenji._id]);
      expect(await tagPageIds(lena, 'aircooled')).toEqual([bySam._id, byLena._id, byKenji._id]);
      expect(await tagPageIds(sam, 'aircooled')).toEqual([byMaya._id, bySam._id, byLena._id, byKenji._id]);
    });

    it('refuses a tag no text could hold with 400, and a person not signed in with 401', async () => {
      const maya = await world.person('maya');
      const invalid = { status: 400, message: REFUSAL_MESSAGES.invalidTag };
      expect(await refusal(tagPage(maya, 'e-30'))).toEqual(invalid);
      expect(await refusal(tagPage(maya, 'two words'))).toEqual(invalid);
      expect(await refusal(tagPage(maya, 'x'.repeat(51)))).toEqual(invalid);
      expect(await tagPage(maya, 'x'.repeat(50))).toEqual({ posts: [], totalPages: 0 });

      const stranger = world.target.newBrowser();
      const notSignedIn = { status: 401, message: REFUSAL_MESSAGES.notSignedIn };
      expect(await refusal(stranger.call('tags.posts', { params: { tag: 'e30' } }))).toEqual(notSignedIn);
      expect(await refusal(stranger.call('tags.trending'))).toEqual(notSignedIn);
      expect(await refusal(stranger.call('tags.suggest', { query: { q: 'e' } }))).toEqual(notSignedIn);
      expect(await refusal(stranger.call('mentions.suggest', { query: { q: 'm' } }))).toEqual(notSignedIn);
    });
  });

  describe('trending tags', () => {
    it(`are the TRENDING_TAGS_COUNT (${TRENDING_TAGS_COUNT}) tags of the most posts, most first, ties by name; a post counts a tag once`, async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      expect(await maya.api.call('tags.trending')).toEqual({ tags: [] });

      await world.post(kenji, { title: '#alpha #zeta', content: '#beta #Alpha #ALPHA' });
      await world.post(lena, { title: 'Second', content: '#alpha #beta' });
      await world.post(maya, { title: 'Third', content: '#alpha and #gamma' });
      // Ten more tags of one post each, to go past the count.
      await world.post(lena, { title: 'Many', content: Array.from({ length: 10 }, (_, i) => `#t${i}`).join(' ') });

      const { tags } = await maya.api.call('tags.trending');
      const ones = ['gamma', ...Array.from({ length: 10 }, (_, i) => `t${i}`), 'zeta'].map((tag) => ({ tag, postCount: 1 }));
      expect(tags).toEqual([{ tag: 'alpha', postCount: 3 }, { tag: 'beta', postCount: 2 }, ...ones].slice(0, TRENDING_TAGS_COUNT));
    });
  });

  describe('tag type-ahead', () => {
    it(`offers the tags starting with what follows the #, most used first, ties by name, at most TYPEAHEAD_LIMIT (${TYPEAHEAD_LIMIT})`, async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      await world.post(kenji, { title: 'Track', content: '#trackday #tracktools #tr' });
      await world.post(maya, { title: 'Day', content: '#trackday #travel' });
      await world.post(kenji, { title: 'Other', content: '#e30 #trackday' });

      const suggest = async (q: string) => (await maya.api.call('tags.suggest', { query: { q } })).tags;
      expect(await suggest('tr')).toEqual([
        { tag: 'trackday', postCount: 3 },
        { tag: 'tr', postCount: 1 },
        { tag: 'tracktools', postCount: 1 },
        { tag: 'travel', postCount: 1 },
      ]);
      expect(await suggest('TRACK')).toEqual([
        { tag: 'trackday', postCount: 3 },
        { tag: 'tracktools', postCount: 1 },
      ]);
      expect(await suggest('trackdays')).toEqual([]);
      expect(await suggest('x')).toEqual([]);
      // Nothing typed yet: the most used tags.
      expect((await suggest(''))[0]).toEqual({ tag: 'trackday', postCount: 3 });

      await world.post(kenji, { title: 'Lots', content: Array.from({ length: 10 }, (_, i) => `#tag${i}`).join(' ') });
      expect(await suggest('tag')).toEqual(Array.from({ length: TYPEAHEAD_LIMIT }, (_, i) => ({ tag: `tag${i}`, postCount: 1 })));
    });
  });

  describe('mention type-ahead', () => {
    it('offers people whose username or name starts with what follows the @, those I follow first; never me', async () => {
      const maya = await world.person('maya');
      const kenji = await world.person('kenji');
      const kevin = await world.person('kevin', 'Kevin Okafor');
      const byName = await world.person('zed', 'Kenneth Brooks');
      const lena = await world.person('lena');
      await maya.api.call('users.follow', { params: { id: kevin.id } });

      const suggest = async (q: string) => (await maya.api.call('mentions.suggest', { query: { q } })).users;
      const ke = await suggest('ke');
      expect(ke[0]?._id).toBe(kevin.id);
      expect(ke.map((u) => u._id).toSorted()).toEqual([kenji.id, kevin.id, byName.id].toSorted());
      expect(ke.find((u) => u._id === kenji.id)).toEqual({ _id: kenji.id, username: kenji.username, fullName: 'Kenji Watanabe', profilePictureUrl: kenji.user.profilePictureUrl });
      // Any case; by the name as well as the username.
      expect((await suggest('KENN')).map((u) => u._id)).toEqual([byName.id]);
      expect((await suggest(lena.username)).map((u) => u._id)).toEqual([lena.id]);
      expect((await suggest(lena.username.toUpperCase())).map((u) => u._id)).toEqual([lena.id]);
      expect((await suggest(`@${lena.username}`)).map((u) => u._id)).toEqual([lena.id]);
      expect(await suggest('nobody_like_this')).toEqual([]);
      // Never the viewer.
      expect(await suggest(maya.username)).toEqual([]);
      expect((await suggest('maya')).map((u) => u._id)).not.toContain(maya.id);
      // Nothing typed yet: the people I follow.
      expect((await suggest('')).map((u) => u._id)).toEqual([kevin.id]);
    });

    it.skipIf(!world.has('safety'))('never offers a block pair; a muted person still can be mentioned', async () => {
      const [maya, kenji, kevin, keith] = await world.people('maya', 'kenji', 'kevin', 'keith');
      await maya.api.call('users.follow', { params: { id: kenji.id } });
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });
      await kevin.api.call('safety.block', { params: { userId: maya.id }, body: {} });
      await maya.api.call('safety.mute', { params: { userId: keith.id }, body: {} });

      expect((await maya.api.call('mentions.suggest', { query: { q: 'ke' } })).users.map((u) => u._id)).toEqual([keith.id]);
      expect((await maya.api.call('mentions.suggest', { query: { q: '' } })).users).toEqual([]);
      expect((await kevin.api.call('mentions.suggest', { query: { q: maya.username } })).users).toEqual([]);
      expect((await kenji.api.call('mentions.suggest', { query: { q: maya.username } })).users).toEqual([]);
    });
  });

  describe('mentions', () => {
    it('notify the people a post mentions, once each, with the post; never the author, nor anyone not there', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(kenji, {
        title: `Thanks @${maya.username}`,
        content: `And @${lena.username.toUpperCase()}, @${maya.username} again, @${kenji.username} myself, @nobody_at_all and ${maya.email}.`,
      });

      const [notice] = (await maya.api.call('notifications.list')).filter((n) => n.type === 'mention');
      expect(notice).toMatchObject({ type: 'mention', read: false, sender: { username: kenji.username, fullName: 'Kenji Watanabe' }, post: { _id: post._id, title: post.title } });
      expect(await mentions(maya)).toEqual([[kenji.username, post._id]]);
      expect(await mentions(lena)).toEqual([[kenji.username, post._id]]);
      expect(await kenji.api.call('notifications.list')).toEqual([]);
      expect(await maya.api.call('notifications.unreadCount')).toEqual({ count: 1 });
    });

    it('on an edit, notify only the people newly mentioned', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(kenji, { title: 'Shakedown', content: `With @${maya.username}.` });
      await kenji.api.call('posts.update', { params: { id: post._id }, body: { title: 'Shakedown', content: `With @${maya.username} and @${lena.username}.`, existingImageUrls: post.imageUrls } });
      expect(await mentions(maya)).toEqual([[kenji.username, post._id]]);
      expect(await mentions(lena)).toEqual([[kenji.username, post._id]]);
    });

    it("notify the people a comment mentions, with the post commented on; the post's author has the comment notification only", async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(kenji, { title: 'E30 for sale?' });
      await lena.api.call('comments.create', { params: { postId: post._id }, body: { text: `@${kenji.username} ask @${maya.username}, and me: @${lena.username}` } });

      expect(await mentions(maya)).toEqual([[lena.username, post._id]]);
      expect((await kenji.api.call('notifications.list')).map((n) => [n.type, n.sender.username, n.post?._id])).toEqual([['comment', lena.username, post._id]]);
      expect(await lena.api.call('notifications.list')).toEqual([]);
    });

    it('say which comment mentions the person (a post mention names none), and go with the comment when it is deleted', async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const post = await world.post(kenji, { title: 'Cars and coffee', content: `Who is in, @${maya.username}?` });
      const comment = await lena.api.call('comments.create', { params: { postId: post._id }, body: { text: `@${maya.username} bring the E30` } });
      const inComments = async () => (await maya.api.call('notifications.list')).map((n) => [n.sender.username, n.commentId ?? null]).sort();

      expect(await inComments()).toEqual(
        [
          [lena.username, comment._id],
          [kenji.username, null],
        ].sort(),
      );
      await lena.api.call('comments.delete', { params: { commentId: comment._id } });
      expect(await inComments()).toEqual([[kenji.username, null]]);
      expect(await maya.api.call('notifications.unreadCount')).toEqual({ count: 1 });
    });

    it.skipIf(!world.has('safety'))('notify nobody in a block pair with the author, nor someone who muted the author', async () => {
      const [maya, kenji, lena, sam, ruby] = await world.people('maya', 'kenji', 'lena', 'sam', 'ruby');
      await maya.api.call('safety.block', { params: { userId: kenji.id }, body: {} });
      await kenji.api.call('safety.block', { params: { userId: lena.id }, body: {} });
      await sam.api.call('safety.mute', { params: { userId: kenji.id }, body: {} });
      const text = `@${maya.username} @${lena.username} @${sam.username} @${ruby.username}`;
      const post = await world.post(kenji, { title: 'Mentions', content: text });
      // Taking the block and the mute back does not bring a notification that never was.
      await maya.api.call('safety.unblock', { params: { userId: kenji.id } });
      await kenji.api.call('safety.unblock', { params: { userId: lena.id } });
      await sam.api.call('safety.unmute', { params: { userId: kenji.id } });

      expect(await mentions(maya)).toEqual([]);
      expect(await mentions(lena)).toEqual([]);
      expect(await mentions(sam)).toEqual([]);
      expect(await mentions(ruby)).toEqual([[kenji.username, post._id]]);
    });
  });

  describe('search', () => {
    it('finds the tags starting with the query, with or without #, most used first', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const first = await world.post(kenji, { title: 'Corner weights', content: '#e30 #s14' });
      const second = await world.post(maya, { title: 'Alignment', content: '#E30 and #e36' });

      expect((await maya.api.call('search.query', { query: { q: 'e3' } })).tags).toEqual([
        { tag: 'e30', postCount: 2 },
        { tag: 'e36', postCount: 1 },
      ]);
      const byTag = await maya.api.call('search.query', { query: { q: '#e30' } });
      expect(byTag.tags).toEqual([{ tag: 'e30', postCount: 2 }]);
      expect(byTag.posts.map((p) => p._id)).toEqual([second._id, first._id]);
      expect((await maya.api.call('search.query', { query: { q: 'S14' } })).tags).toEqual([{ tag: 's14', postCount: 1 }]);
      expect((await maya.api.call('search.query', { query: { q: 'zz' } })).tags ?? []).toEqual([]);
      expect((await maya.api.call('search.query', { query: { q: 'e 3' } })).tags ?? []).toEqual([]);

      await world.post(kenji, { title: 'Many', content: Array.from({ length: SEARCH_TAG_LIMIT + 1 }, (_, i) => `#e3${i}x`).join(' ') });
      expect((await maya.api.call('search.query', { query: { q: 'e3' } })).tags).toHaveLength(SEARCH_TAG_LIMIT);
    });
  });
}
