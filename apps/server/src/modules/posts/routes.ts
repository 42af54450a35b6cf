// Spec §7 "Posts": create, read, update, like, delete, and the lists (feed, trending, by-user,
// related); saving posts and the Saved list (issue 21). Images go through the media pipeline (modules/media/README.md): checked and stored
// before the transaction, discarded if it fails, replaced or deleted files removed after it.
import fastifyMultipart from '@fastify/multipart';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  FORM_MESSAGES,
  MAX_POST_IMAGES,
  MIN_POST_IMAGES,
  mentionsIn,
  NOT_FOUND_MESSAGES,
  REFUSAL_MESSAGES,
  SUCCESS_MESSAGES,
  routes,
} from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { communities, communityMembers, likes, postImages, posts, savedPosts } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { contractRoute, JsonText } from '../contract-route.ts';
import type { StoredImage } from '../media/media.ts';
import { MULTIPART_OPTIONS, parseFormFields, readUploadForm } from '../media/uploads.ts';
import { notify, unnotify } from '../notifications/service.ts';
import { holdOwnCar } from '../garage/service.ts';
import { mustSeePerson, mustSeePost, postUnavailable, refuseBlockPair } from '../safety/service.ts';
import {
  byUserQuery,
  checkedDescriptions,
  deletePost,
  feedQuery,
  findPost,
  postCardFor,
  postCardJson,
  postPageJson,
  postReaderOf,
  relatedQuery,
  savedQuery,
  trendingQuery,
} from './service.ts';
import { fanOutAfterCommit, insertPendingPost } from './fanout.ts';
import { newPostTrendingScore, refreshTrendingScore } from './trending.ts';
import { keepPostTags, newlyMentioned, notifyMentions, postText } from '../tags/service.ts';

const postNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.post);
const notYourCar = () => new HttpError(400, REFUSAL_MESSAGES.carNotInGarage);

/**
 * The car a post is tagged to ("Car:", the garage): one of the author's own cars, checked in the
 * saving transaction with the car row held (holdOwnCar), so the car cannot be deleted before the
 * post saves with it. Anything else (another's car, an id that names none) answers 400, nothing saved.
 */
async function taggedCar(db: Db, carId: string, authorId: string): Promise<string> {
  if (!isId(carId) || !(await holdOwnCar(db, carId, authorId))) throw notYourCar();
  return carId;
}

async function insertImages(db: Db, postId: string, images: ReadonlyArray<Pick<StoredImage, 'url' | 'width' | 'height'> & { alt: string }>): Promise<void> {
  if (images.length === 0) return;
  await db.insert(postImages).values(images.map((image, position) => ({ postId, position, url: image.url, width: image.width, height: image.height, alt: image.alt })));
}

export const postsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);
  const reader = () => postReaderOf(app);

  /** A post's card as PostgreSQL builds it for the viewer (cards.ts), sent as it is. */
  async function mustCard(postId: string, viewerId: string): Promise<JsonText> {
    const card = isId(postId) ? await postCardJson(reader(), postId, viewerId) : null;
    if (card === null) throw postNotFound();
    return new JsonText(card);
  }

  // The lists: one statement each, its JSON text sent as it is.
  contractRoute(app, 'posts.feed', {}, async ({ query, viewer }) => new JsonText(await postPageJson(reader(), feedQuery(viewer.user.id, query.page))));

  contractRoute(app, 'posts.trending', {}, async ({ query, viewer }) => new JsonText(await postPageJson(reader(), trendingQuery(viewer.user.id, query.page))));

  contractRoute(app, 'posts.byUser', {}, async ({ params, query, viewer }) => {
    const author = await mustSeePerson(app.db, params.userId, viewer.user.id);
    return new JsonText(await postPageJson(reader(), byUserQuery(viewer.user.id, author.id, query.page)));
  });

  // The card and whether its author and the viewer are a block pair, in one statement.
  contractRoute(app, 'posts.get', {}, async ({ params, viewer }) => {
    const card = isId(params.id) ? await postCardFor(reader(), params.id, viewer.user.id) : null;
    if (card === null) throw postNotFound();
    if (card.blockedWithViewer) throw postUnavailable();
    return new JsonText(card.json);
  });

  contractRoute(app, 'posts.related', {}, async ({ params, query, viewer }) => {
    const origin = await findPost(app.db, params.id, { viewerId: viewer.user.id });
    if (!origin) throw postNotFound();
    if (origin.blockedWithViewer) throw postUnavailable();
    return new JsonText(await postPageJson(reader(), relatedQuery(viewer.user.id, origin, query.page)));
  });

  contractRoute(app, 'posts.create', {}, async ({ request, viewer }) => {
    const form = await readUploadForm(request, {
      maxFiles: MAX_POST_IMAGES,
      fileFields: ['images'],
      tooManyFilesMessage: FORM_MESSAGES.maxImagesOnCreate,
    });
    // "My Profile" may arrive as an empty community field, "None" as an empty car.
    if (form.fields.community === '') delete form.fields.community;
    if (form.fields.car === '') delete form.fields.car;
    const input = parseFormFields(routes['posts.create'].body.fields, form.fields);
    if (form.files.length < MIN_POST_IMAGES) throw new HttpError(400, FORM_MESSAGES.selectAtLeastOneImage);
    // An older client sends no descriptions: the photos then have none.
    const alts = checkedDescriptions(input.imageAlts ?? form.files.map(() => ''), form.files.length, viewer.user.requirePhotoDescriptions);

    let communityId: string | null = null;
    if (input.community !== undefined) {
      if (!isId(input.community)) throw new HttpError(404, NOT_FOUND_MESSAGES.community);
      const [community] = await app.db.select({ id: communities.id }).from(communities).where(eq(communities.id, input.community));
      if (!community) throw new HttpError(404, NOT_FOUND_MESSAGES.community);
      communityId = community.id;
    }
    // Refused before any photo is stored; held again in the transaction.
    if (input.car !== undefined) await taggedCar(app.db, input.car, viewer.user.id);

    const created = await app.media.write({ files: form.files, kind: 'post' }, async (db, media) => {
      if (communityId !== null) {
        // Checked in the transaction, with the row locked, so a member leaving at this moment
        // cannot end up with a post in the community.
        const member = await db.execute(sql`select 1 from ${communityMembers}
          where ${communityMembers.communityId} = ${communityId} and ${communityMembers.userId} = ${viewer.user.id} for share`);
        if (member.rows.length === 0) throw new HttpError(403, REFUSAL_MESSAGES.joinToPost);
      }
      const carId = input.car === undefined ? null : await taggedCar(db, input.car, viewer.user.id);
      // Counted now; in the followers' feeds after the commit (fanout.ts).
      const id = await insertPendingPost(app, db, async () => {
        const [created] = await db
          .insert(posts)
          .values({ authorId: viewer.user.id, communityId, carId, title: input.title, content: input.content, trendingScore: newPostTrendingScore })
          .returning({ id: posts.id });
        return created!.id;
      });
      await insertImages(db, id, media.images.map((image, i) => ({ ...image, alt: alts[i]! })));
      // Its tags and the people it mentions (issue 21, modules/tags).
      const text = postText(input);
      await keepPostTags(db, id, text);
      const mentioned = await notifyMentions(db, { senderId: viewer.user.id, postId: id, usernames: mentionsIn(text) });
      // The answer is the post as this transaction saves it: read after the commit, it could
      // already be gone (its author leaving the community, or removed from it, at that moment).
      const card = await postCardJson({ ...reader(), db }, id, viewer.user.id);
      return { id, card: card!, mentioned };
    });
    await fanOutAfterCommit(app, created.id, viewer.user.id);
    for (const userId of created.mentioned) app.live.publish({ kind: 'notifications', userId });
    return new JsonText(created.card);
  });

  contractRoute(app, 'posts.update', {}, async ({ request, params, viewer }) => {
    const existing = await findPost(app.db, params.id);
    if (!existing) throw postNotFound();
    if (existing.authorId !== viewer.user.id) throw new HttpError(403, REFUSAL_MESSAGES.editOwnPostOnly);
    const form = await readUploadForm(request, {
      maxFiles: MAX_POST_IMAGES,
      fileFields: ['images'],
      tooManyFilesMessage: FORM_MESSAGES.maxImagesOnEdit,
    });
    const input = parseFormFields(routes['posts.update'].body.fields, form.fields);
    const kept = input.existingImageUrls;
    if (new Set(kept).size !== kept.length) throw new HttpError(400, REFUSAL_MESSAGES.invalidRequest);
    if (kept.length + form.files.length > MAX_POST_IMAGES) throw new HttpError(400, FORM_MESSAGES.maxImagesOnEdit);
    if (kept.length + form.files.length < MIN_POST_IMAGES) throw new HttpError(400, FORM_MESSAGES.selectAtLeastOneImage);
    // Sent: checked before any photo is stored. Not sent (an older client): kept photos keep
    // their descriptions, new ones have none; checked below, once the kept ones are read.
    const sentAlts = input.imageAlts === undefined ? undefined : checkedDescriptions(input.imageAlts, kept.length + form.files.length, viewer.user.requirePhotoDescriptions);
    // `car`: absent keeps the tag, '' removes it, an id must be one of the author's cars.
    if (input.car) await taggedCar(app.db, input.car, viewer.user.id);

    const mentioned = await app.media.write({ files: form.files, kind: 'post' }, async (db, media) => {
      // Locked, then read again: an edit or delete at this moment waits or wins.
      if (!(await findPost(db, existing.id, { lock: true }))) throw postNotFound();
      const [before] = await db.select({ title: posts.title, content: posts.content }).from(posts).where(eq(posts.id, existing.id));
      const current = await db.select().from(postImages).where(eq(postImages.postId, existing.id)).orderBy(asc(postImages.position));
      const byUrl = new Map(current.map((image) => [image.url, image]));
      // Each kept URL must be one of this post's images.
      const keptImages = kept.map((url) => byUrl.get(url) ?? null);
      if (keptImages.includes(null)) throw new HttpError(400, REFUSAL_MESSAGES.invalidRequest);
      const keptRows = keptImages as NonNullable<(typeof keptImages)[number]>[];
      const images = [...keptRows, ...media.images];
      const alts = sentAlts ?? checkedDescriptions([...keptRows.map((row) => row.alt), ...media.images.map(() => '')], images.length, viewer.user.requirePhotoDescriptions);
      const carId = input.car === undefined ? undefined : input.car === '' ? null : await taggedCar(db, input.car, viewer.user.id);
      await db
        .update(posts)
        .set({ title: input.title, content: input.content, ...(carId === undefined ? {} : { carId }) })
        .where(eq(posts.id, existing.id));
      await db.delete(postImages).where(eq(postImages.postId, existing.id));
      await insertImages(db, existing.id, images.map((image, i) => ({ ...image, alt: alts[i]! })));
      media.drop(current.filter((image) => !kept.includes(image.url)).map((image) => image.url));
      // Its tags replaced; only the people the edit newly mentions are notified (issue 21).
      const text = postText(input);
      await keepPostTags(db, existing.id, text);
      return notifyMentions(db, { senderId: viewer.user.id, postId: existing.id, usernames: newlyMentioned(postText(before!), text) });
    });
    for (const userId of mentioned) app.live.publish({ kind: 'notifications', userId });
    return mustCard(existing.id, viewer.user.id);
  });

  contractRoute(app, 'posts.like', {}, async ({ params, viewer }) => {
    const authorId = await inTransaction(app.db, async (db) => {
      // The post row lock serialises toggles of one post; the (post_id, user_id) primary key
      // guarantees one like per person whatever happens.
      const post = await findPost(db, params.id, { lock: true });
      if (!post) throw postNotFound();
      await refuseBlockPair(db, viewer.user.id, post.authorId, postUnavailable);
      const event = { type: 'like' as const, senderId: viewer.user.id, recipientId: post.authorId, postId: post.id };
      const pair = and(eq(likes.postId, post.id), eq(likes.userId, viewer.user.id));
      const unliked = await db.delete(likes).where(pair).returning({ postId: likes.postId });
      if (unliked.length > 0) {
        await unnotify(db, event);
      } else {
        const liked = await db.insert(likes).values({ postId: post.id, userId: viewer.user.id }).onConflictDoNothing().returning({ postId: likes.postId });
        if (liked.length > 0) await notify(db, event);
      }
      await refreshTrendingScore(db, post.id);
      return post.authorId;
    });
    if (authorId !== viewer.user.id) app.live.publish({ kind: 'notifications', userId: authorId });
    return mustCard(params.id, viewer.user.id);
  });

  // Saved posts (issue 21): one statement each, idempotent. Saving inserts the pair only if the
  // post exists (its foreign key holds the post row while it does, so a deletion at this moment
  // waits or wins) and keeps the first saved_at when saved again; removing deletes the pair if
  // there is one. Either way the post's card answers, with the viewer's `saved`, or 404.
  contractRoute(app, 'posts.saved', {}, async ({ query, viewer }) => new JsonText(await postPageJson(reader(), savedQuery(viewer.user.id, query.page))));

  contractRoute(app, 'posts.save', {}, async ({ params, viewer }) => {
    if (!isId(params.id)) throw postNotFound();
    await mustSeePost(app.db, params.id, viewer.user.id);
    await app.db.execute(sql`insert into saved_posts (user_id, post_id)
      select ${viewer.user.id}, p.id from posts p where p.id = ${params.id}
      on conflict do nothing`);
    return mustCard(params.id, viewer.user.id);
  });

  contractRoute(app, 'posts.unsave', {}, async ({ params, viewer }) => {
    if (!isId(params.id)) throw postNotFound();
    await app.db.delete(savedPosts).where(and(eq(savedPosts.userId, viewer.user.id), eq(savedPosts.postId, params.id)));
    return mustCard(params.id, viewer.user.id);
  });

  contractRoute(app, 'posts.delete', {}, async ({ params, viewer }) => {
    const post = await findPost(app.db, params.id);
    if (!post) throw postNotFound();
    if (post.authorId !== viewer.user.id && post.communityCreatorId !== viewer.user.id) {
      throw new HttpError(403, REFUSAL_MESSAGES.deletePostForbidden);
    }
    await app.media.write(null, async (db, media) => {
      if (!(await deletePost(db, media, post.id))) throw postNotFound();
    });
    return { message: SUCCESS_MESSAGES.postDeleted };
  });
};
