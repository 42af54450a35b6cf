// Photo descriptions (alt text, issue 18) on the real server, beyond the behaviour suite (which
// runs the shared cases here too): every list reply carries them from the kept cards, the kept
// state stays right through edits, malformed input is refused before any photo is stored, and
// the "Require descriptions on my photos" setting lives on the user row.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_DESCRIPTION_LENGTH, REFUSAL_MESSAGES, type CommunityPage, type Post, type PostPage, type SearchResults, type SessionUser } from '@pitlane/api/contract';
import { users } from '../../db/schema.ts';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { multipart } from '../../../test/browser.ts';
import { communityOf, createPost, image, peopleOf, storedFiles } from '../../../test/posts.ts';
import { keptStateProblems } from './kept-check.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-descriptions-test-');

const postFiles = () => storedFiles(path.join(dataDir.path, 'media')).filter((file) => file.startsWith('posts'));
const descriptionsOf = (post: Pick<Post, 'images'> | undefined) => post?.images?.map((image) => image.alt);

describe.each(backends)('photo descriptions on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const alts = (descriptions: unknown) => ({ imageAlts: JSON.stringify(descriptions) });

  it('every reply carries them: the post, feed, trending, related, search and the community page', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const club = await communityOf(t.db, maya, 'Air-Cooled Porsche Club', [kenji]);
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    const created = await createPost(maya.browser, { title: 'Supra at dusk', community: club, ...alts(['Orange Supra A80 under a purple sky', 'Rear wing']) }, [await image(), await image('png')]);
    expect(created.statusCode).toBe(201);
    const post = created.json<Post>();
    const expected = ['Orange Supra A80 under a purple sky', 'Rear wing'];
    expect(descriptionsOf(post)).toEqual(expected);

    const other = await createPost(maya.browser, { title: 'Supra at dawn' });
    const replies = {
      detail: (await kenji.browser.get(`/api/posts/${post._id}`)).json<Post>(),
      feed: (await kenji.browser.get('/api/posts/feed')).json<PostPage>().posts.find((p) => p._id === post._id),
      trending: (await kenji.browser.get('/api/posts/trending')).json<PostPage>().posts.find((p) => p._id === post._id),
      related: (await kenji.browser.get(`/api/posts/${other.json<Post>()._id}/related`)).json<PostPage>().posts.find((p) => p._id === post._id),
      search: (await kenji.browser.get('/api/search?q=supra%20at%20dusk')).json<SearchResults>().posts.find((p) => p._id === post._id),
      community: (await kenji.browser.get(`/api/communities/${club}`)).json<CommunityPage>().posts.find((p) => p._id === post._id),
    };
    for (const [name, reply] of Object.entries(replies)) expect(descriptionsOf(reply), name).toEqual(expected);
    expect(await keptStateProblems(t.db)).toEqual([]);
  });

  it('an edit that only describes kept photos anew stores no file and keeps the cards right', async () => {
    const [maya] = await people('maya');
    const post = (await createPost(maya.browser, {}, [await image(), await image('webp')])).json<Post>();
    const before = postFiles();
    const edited = await maya.browser.request(
      'PUT',
      `/api/posts/${post._id}`,
      await multipart({ title: post.title, content: post.content, existingImageUrls: JSON.stringify(post.imageUrls), ...alts(['Left side', 'Right side']) }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Post>().imageUrls).toEqual(post.imageUrls);
    expect(descriptionsOf(edited.json<Post>())).toEqual(['Left side', 'Right side']);
    expect(postFiles()).toEqual(before);
    expect(await keptStateProblems(t.db)).toEqual([]);
  });

  it('refuses malformed, too long or miscounted descriptions with 400 before storing any photo', async () => {
    const [maya] = await people('maya');
    const cases: Array<[Record<string, string>, string]> = [
      [{ imageAlts: 'a red car' }, REFUSAL_MESSAGES.invalidRequest],
      [{ imageAlts: '[1]' }, REFUSAL_MESSAGES.invalidRequest],
      [{ imageAlts: '{"0":"a"}' }, REFUSAL_MESSAGES.invalidRequest],
      [alts(['é'.repeat(MAX_PHOTO_DESCRIPTION_LENGTH + 1)]), REFUSAL_MESSAGES.photoDescriptionTooLong],
      [alts([]), REFUSAL_MESSAGES.photoDescriptionsMismatch],
      [alts(['One', 'Two']), REFUSAL_MESSAGES.photoDescriptionsMismatch],
      [alts(['Nul \u0000 inside']), REFUSAL_MESSAGES.invalidRequest],
    ];
    for (const [fields, message] of cases) {
      const response = await createPost(maya.browser, fields);
      expect(response.statusCode, fields.imageAlts).toBe(400);
      expect(response.json(), fields.imageAlts).toEqual({ message });
    }
    expect(postFiles()).toEqual([]);
    expect((await maya.browser.get(`/api/posts/by-user/${maya.id}`)).json<PostPage>().posts).toEqual([]);
  });

  it('keeps the setting on the user row, shows it only to its owner and refuses an unreadable value', async () => {
    const [maya] = await people('maya');
    const fields = { id: maya.id, fullName: maya.fullName, username: maya.username };
    const update = async (extra: Record<string, string>) => maya.browser.request('PUT', '/api/user/update', await multipart({ ...fields, ...extra }));

    const on = await update({ requirePhotoDescriptions: 'true' });
    expect(on.statusCode).toBe(200);
    expect(on.json<SessionUser>().requirePhotoDescriptions).toBe(true);
    const [row] = await t.db.select({ required: users.requirePhotoDescriptions }).from(users).where(eq(users.id, maya.id));
    expect(row?.required).toBe(true);

    const refused = await update({ requirePhotoDescriptions: 'perhaps' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: REFUSAL_MESSAGES.invalidRequest });
    expect((await maya.browser.get('/api/auth/verify')).json<{ user: SessionUser }>().user.requirePhotoDescriptions).toBe(true);

    const posted = await createPost(maya.browser, alts(['']));
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).toEqual({ message: REFUSAL_MESSAGES.photoDescriptionsRequired });
    expect(postFiles()).toEqual([]);
  });
});
