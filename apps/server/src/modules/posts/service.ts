// Reading posts: the entry point other modules use. Cards (cards.ts) are built by PostgreSQL as
// JSON in one statement per page; the lists (lists.ts) choose a page's posts with an indexed
// query and take their sizes from kept counts; here, single posts and search.
import { eq, sql } from 'drizzle-orm';
import { photoDescriptionsError, REFUSAL_MESSAGES, SEARCH_RESULT_LIMIT } from '@pitlane/api/contract';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { postImages, posts } from '../../db/schema.ts';
import type { MediaTransaction } from '../media/media.ts';
import { HttpError } from '../../plugins/errors.ts';
import { postCardJson, postCards, type PostCard, type PostReader, type PostRef } from './cards.ts';
import { visibleTo } from './lists.ts';
import { taggedToCarNamed } from '../garage/car-ref.ts';
import { blockedEitherWay, notHidden } from '../safety/hidden.ts';

export {
  listedCardRows,
  pageStatement,
  postPage,
  postPageJson,
  postCardFor,
  postCardJson,
  value,
  type PageQuery,
  type PostCard,
  type PostPageResult,
  type PostReader,
  type PostRef,
} from './cards.ts';
export {
  byUserPage,
  byUserQuery,
  communityPostsPage,
  communityPostsQuery,
  feedPage,
  feedQuery,
  relatedPage,
  relatedQuery,
  savedPage,
  savedQuery,
  trendingPage,
  trendingQuery,
  visiblePostCount,
  visibleTo,
} from './lists.ts';

/** The readers' context of this app: its database and its default community cover. */
export function postReaderOf(app: FastifyInstance): PostReader {
  return { db: app.db, defaultCover: app.media.defaultUrls.communityCover };
}

/** One post's card as `viewerId` sees it, or null. Any signed-in user may read any post by id. */
export async function postCard(reader: PostReader, postId: string, viewerId: string): Promise<PostCard | null> {
  if (!isId(postId)) return null;
  const json = await postCardJson(reader, postId, viewerId);
  return json === null ? null : (JSON.parse(json) as PostCard);
}

/**
 * The facts permission checks need, or null. `lock`: FOR UPDATE of the post row (in a
 * transaction). `viewerId`: also whether its author and that viewer are a block pair
 * (`blockedWithViewer`, issue 18), in the same statement rather than a second round trip.
 */
export async function findPost(db: Db, postId: string, options: { lock?: boolean; viewerId?: string } = {}): Promise<(PostRef & { blockedWithViewer: boolean }) | null> {
  if (!isId(postId)) return null;
  const result = await db.execute<{ id: string; author_id: string; community_id: string | null; title: string; creator_id: string | null; blocked: boolean }>(sql`
    select p.id, p.author_id, p.community_id, p.title,
      (select c.creator_id from communities c where c.id = p.community_id) as creator_id,
      ${options.viewerId === undefined ? sql`false` : blockedEitherWay(sql`p.author_id`, options.viewerId)} as blocked
    from posts p where p.id = ${postId}
    ${options.lock ? sql`for update of p` : sql``}`);
  const row = result.rows[0];
  return row
    ? { id: row.id, authorId: row.author_id, communityId: row.community_id, title: row.title, communityCreatorId: row.creator_id, blockedWithViewer: row.blocked }
    : null;
}

/** `text` as a LIKE pattern that matches it literally anywhere: `%`, `_` and `\` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search's posts: title or content contains the query, or the make and model of the car the
 * post is tagged to do (case-insensitive; trigram GIN indexes serve each ILIKE), visible to the
 * viewer and not by someone hidden from the viewer (block pairs and muted, issue 18), newest
 * first, at most SEARCH_RESULT_LIMIT. The two matches are separate queries joined by UNION, each
 * planned on its own: an OR of them kept PostgreSQL from combining the text indexes and cost 8×
 * the time on the 1m scale set. Not prepared: the best plan depends on how common the text is.
 */
export async function searchPosts(reader: PostReader, viewerId: string, query: string): Promise<PostCard[]> {
  const pattern = containsPattern(query);
  const shown = sql`${visibleTo(viewerId)} and ${notHidden(sql`p.author_id`, viewerId)}`;
  const ids = sql`array(
    select found.id from (
      (select p.id, p.created_at from posts p
        where (p.title ilike ${pattern} or p.content ilike ${pattern}) and ${shown}
        order by p.created_at desc, p.id desc limit ${SEARCH_RESULT_LIMIT})
      union
      (select p.id, p.created_at from posts p join cars sc on sc.id = p.car_id
        where ${taggedToCarNamed(pattern)} and ${shown}
        order by p.created_at desc, p.id desc limit ${SEARCH_RESULT_LIMIT})
    ) found order by found.created_at desc, found.id desc limit ${SEARCH_RESULT_LIMIT})`;
  return postCards(reader, ids, viewerId);
}

/**
 * The photos' descriptions of a post (or a build-log entry, modules/garage) as it will be saved,
 * one per image in order, checked: as many as there are photos, and one on each when the
 * author's setting ("Require descriptions on my photos") requires it. 400 with the reason.
 */
export function checkedDescriptions(descriptions: string[], imageCount: number, requirePhotoDescriptions: boolean): string[] {
  if (descriptions.length !== imageCount) throw new HttpError(400, REFUSAL_MESSAGES.photoDescriptionsMismatch);
  const refused = photoDescriptionsError(descriptions, { required: requirePhotoDescriptions });
  if (refused !== null) throw new HttpError(400, refused);
  return descriptions;
}

/**
 * Deletes a post in the caller's media transaction (`app.media.write`), as its author's or its
 * community creator's delete does, and a moderator's removal (modules/moderation): its images'
 * files are dropped after the commit; comments, likes, images, saves, notifications and reports
 * go with it (ON DELETE CASCADE), the kept counts and feeds by their triggers. False when the
 * post was gone already.
 */
export async function deletePost(tx: Tx, media: MediaTransaction, postId: string): Promise<boolean> {
  const images = await tx.select({ url: postImages.url }).from(postImages).where(eq(postImages.postId, postId));
  const deleted = await tx.delete(posts).where(eq(posts.id, postId)).returning({ id: posts.id });
  if (deleted.length === 0) return false;
  media.drop(images.map((image) => image.url));
  return true;
}
