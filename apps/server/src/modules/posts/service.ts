// Reading posts as the contract shows them. Every list is ONE statement: the page's ids chosen by
// an indexed query (`array(select id … order by … limit … offset …)`), the cards built from them
// in the same statement (author, community, images and likes aggregated per post with
// correlated subqueries on primary keys: no N+1), and the COUNT for totalPages beside them.
//
// Visibility (spec §6, packages/api/README.md): a community's posts appear in lists and search
// only for the community's members; `GET /api/posts/:id` answers any signed-in user.
import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZES, SEARCH_RESULT_LIMIT, type Post } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { isUserId } from '../users/service.ts';

/** What list readers need besides the database. */
export interface PostReader {
  db: Db;
  /** The cover shown for a community without one (our default artwork). */
  defaultCover: string;
}

export type PostCard = Post & { images: Array<{ url: string; width: number; height: number }> };

export interface PostPageResult {
  posts: PostCard[];
  totalPages: number;
}

/** Ids are UUIDs; anything else names no post (and must not reach PostgreSQL as a uuid). */
export const isId = isUserId;

/** `p` is visible to `viewerId` in lists: on a profile, or in a community the viewer belongs to. */
export function visibleTo(viewerId: string): SQL {
  return sql`(p.community_id is null or exists (select 1 from community_members m where m.community_id = p.community_id and m.user_id = ${viewerId}))`;
}

type CardsRow = {
  total: number | string | null;
  posts: RawCard[] | string | null;
};
interface RawCard extends Omit<PostCard, 'imageUrls'> {
  images: PostCard['images'];
}

function parseJson<T>(value: T | string | null, fallback: T): T {
  if (value === null) return fallback;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * One statement: the cards of `ids` (an SQL array of post ids, in order) and `count` (an SQL
 * scalar, or null). Dates are formatted by PostgreSQL as ISO 8601 with milliseconds, in UTC.
 */
async function cards(reader: PostReader, ids: SQL, count: SQL | null): Promise<{ cards: PostCard[]; total: number }> {
  const result = await reader.db.execute<CardsRow>(sql`
    select
      ${count ?? sql`0`} as total,
      (select json_agg(json_build_object(
          '_id', p.id,
          'title', p.title,
          'content', p.content,
          'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'author', json_build_object('_id', u.id, 'username', u.username, 'fullName', u.full_name, 'profilePictureUrl', coalesce(u.profile_picture_url, '')),
          'community', case when c.id is null then null
            else json_build_object('_id', c.id, 'name', c.name, 'coverImageUrl', coalesce(c.cover_url, ${reader.defaultCover}::text)) end,
          'images', coalesce((select json_agg(json_build_object('url', i.url, 'width', i.width, 'height', i.height) order by i.position)
                                from post_images i where i.post_id = p.id), '[]'::json),
          'likes', coalesce((select json_agg(l.user_id order by l.created_at, l.user_id) from likes l where l.post_id = p.id), '[]'::json)
        ) order by page.n)
        from unnest(${ids}) with ordinality as page(id, n)
        join posts p on p.id = page.id
        join users u on u.id = p.author_id
        left join communities c on c.id = p.community_id
      ) as posts`);
  const row = result.rows[0];
  const raw = parseJson<RawCard[]>(row?.posts ?? null, []);
  return {
    total: Number(row?.total ?? 0),
    cards: raw.map((card) => ({ ...card, imageUrls: card.images.map((image) => image.url) })),
  };
}

async function page(reader: PostReader, ids: SQL, count: SQL, size: number): Promise<PostPageResult> {
  const { cards: posts, total } = await cards(reader, ids, count);
  return { posts, totalPages: Math.ceil(total / size) };
}

const window = (pageNumber: number, size: number) => ({ limit: size, offset: (pageNumber - 1) * size });

/** One post's card, or null. Any signed-in user may read any post by id. */
export async function postCard(reader: PostReader, postId: string): Promise<PostCard | null> {
  if (!isId(postId)) return null;
  const { cards: found } = await cards(reader, sql`array[${postId}::uuid]`, null);
  return found[0] ?? null;
}

/**
 * Feed: posts of the users the viewer follows, newest first. Per followee, the newest
 * `offset + limit` posts come from the (author_id, created_at, id) index (a LATERAL join), and
 * only those are merged: the measured design of TOOLCHAIN.md.
 */
export function feedPage(reader: PostReader, viewerId: string, pageNumber: number): Promise<PostPageResult> {
  const size = PAGE_SIZES.feed;
  const { limit, offset } = window(pageNumber, size);
  const ids = sql`array(
    select fp.id from follows f
    cross join lateral (
      select p.id, p.created_at from posts p
      where p.author_id = f.followee_id and ${visibleTo(viewerId)}
      order by p.created_at desc, p.id desc
      limit ${offset + limit}
    ) fp
    where f.follower_id = ${viewerId}
    order by fp.created_at desc, fp.id desc
    limit ${limit} offset ${offset})`;
  const count = sql`(select count(*) from follows f join posts p on p.author_id = f.followee_id
    where f.follower_id = ${viewerId} and ${visibleTo(viewerId)})`;
  return page(reader, ids, count, size);
}

/** Trending: the kept score (trending.ts), highest first, newer first among equals. */
export function trendingPage(reader: PostReader, viewerId: string, pageNumber: number): Promise<PostPageResult> {
  const size = PAGE_SIZES.trending;
  const { limit, offset } = window(pageNumber, size);
  const ids = sql`array(
    select p.id from posts p where ${visibleTo(viewerId)}
    order by p.trending_score desc, p.created_at desc, p.id desc
    limit ${limit} offset ${offset})`;
  const count = sql`(select count(*) from posts p where ${visibleTo(viewerId)})`;
  return page(reader, ids, count, size);
}

/** A user's posts the viewer may see, newest first. */
export function byUserPage(reader: PostReader, viewerId: string, authorId: string, pageNumber: number): Promise<PostPageResult> {
  const size = PAGE_SIZES.byUser;
  const { limit, offset } = window(pageNumber, size);
  const where = sql`p.author_id = ${authorId} and ${visibleTo(viewerId)}`;
  const ids = sql`array(select p.id from posts p where ${where} order by p.created_at desc, p.id desc limit ${limit} offset ${offset})`;
  const count = sql`(select count(*) from posts p where ${where})`;
  return page(reader, ids, count, size);
}

/**
 * A community's posts, newest first (the page query of `GET /api/communities/:id`; the route
 * decides membership: non-members get none).
 */
export function communityPostsPage(reader: PostReader, communityId: string, pageNumber: number): Promise<PostPageResult> {
  const size = PAGE_SIZES.communityPosts;
  const { limit, offset } = window(pageNumber, size);
  const ids = sql`array(select p.id from posts p where p.community_id = ${communityId} order by p.created_at desc, p.id desc limit ${limit} offset ${offset})`;
  const count = sql`(select count(*) from posts p where p.community_id = ${communityId})`;
  return page(reader, ids, count, size);
}

export interface PostRef {
  id: string;
  authorId: string;
  communityId: string | null;
  title: string;
  /** The creator of the post's community, if any (may delete the post and its comments). */
  communityCreatorId: string | null;
}

/** The facts permission checks need, or null. `lock`: FOR UPDATE of the post row (in a transaction). */
export async function findPost(db: Db, postId: string, options: { lock?: boolean } = {}): Promise<PostRef | null> {
  if (!isId(postId)) return null;
  const result = await db.execute<{ id: string; author_id: string; community_id: string | null; title: string; creator_id: string | null }>(sql`
    select p.id, p.author_id, p.community_id, p.title,
      (select c.creator_id from communities c where c.id = p.community_id) as creator_id
    from posts p where p.id = ${postId}
    ${options.lock ? sql`for update of p` : sql``}`);
  const row = result.rows[0];
  return row ? { id: row.id, authorId: row.author_id, communityId: row.community_id, title: row.title, communityCreatorId: row.creator_id } : null;
}

/**
 * Related: the other posts the viewer may see. First those by the same author or in the same
 * community (newest first, from the author and community indexes), then every other one by
 * title similarity to this post's title (pg_trgm distance, served by the GiST trigram index),
 * newest first among equals.
 */
export function relatedPage(reader: PostReader, viewerId: string, origin: PostRef, pageNumber: number): Promise<PostPageResult> {
  const size = PAGE_SIZES.related;
  const { limit, offset } = window(pageNumber, size);
  const reach = offset + limit;
  const close = origin.communityId
    ? sql`(p.author_id = ${origin.authorId} or p.community_id = ${origin.communityId})`
    : sql`p.author_id = ${origin.authorId}`;
  const notOrigin = sql`p.id <> ${origin.id}`;
  const ids = sql`array(
    select ranked.id from (
      select near.id, 1 as tier, near.n from unnest(array(
        select p.id from posts p where ${close} and ${notOrigin} and ${visibleTo(viewerId)}
        order by p.created_at desc, p.id desc limit ${reach}
      )) with ordinality as near(id, n)
      union all
      select far.id, 2 as tier, far.n from unnest(array(
        select p.id from posts p where not coalesce(${close}, false) and ${visibleTo(viewerId)}
        order by p.title <-> ${origin.title}, p.created_at desc, p.id desc limit ${reach}
      )) with ordinality as far(id, n)
    ) ranked
    order by ranked.tier, ranked.n
    limit ${limit} offset ${offset})`;
  const count = sql`(select count(*) from posts p where ${notOrigin} and ${visibleTo(viewerId)})`;
  return page(reader, ids, count, size);
}

/** `text` as a LIKE pattern that matches it literally anywhere: `%`, `_` and `\` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search's posts: title or content contains the query (case-insensitive; the trigram GIN
 * indexes serve ILIKE), visible to the viewer, newest first, at most SEARCH_RESULT_LIMIT.
 */
export async function searchPosts(reader: PostReader, viewerId: string, query: string): Promise<PostCard[]> {
  const pattern = containsPattern(query);
  const ids = sql`array(
    select p.id from posts p
    where (p.title ilike ${pattern} or p.content ilike ${pattern}) and ${visibleTo(viewerId)}
    order by p.created_at desc, p.id desc limit ${SEARCH_RESULT_LIMIT})`;
  return (await cards(reader, ids, null)).cards;
}
