// Post cards as the contract shows them (Post of @pitlane/api), as JSON text in ONE statement per
// page: the page's post ids (an indexed query, see lists.ts) in order, each card read from the
// cards the database keeps (post_cards: the post, its author, images and likes, already
// formatted) with its community, whether the viewer saved it and its car added (primary-key
// lookups: no N+1) and, on list pages, its comment preview (a LATERAL join, see previewJoin), and the list's
// size for totalPages. The routes send that text as it is (contract-route.ts `JsonText`):
// parsing it into objects and serializing them again through zod cost more CPU than the rest of
// a feed request in Node (modules/posts/README.md).
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PREVIEW_COMMENT_COUNT, type CommentPreview, type Post } from '@pitlane/api/contract';
import { Statement, type Db } from '../../db/client.ts';
import { commentJson } from '../comments/json.ts';
import { carRefJson } from '../garage/car-ref.ts';
import { blockedEitherWay, hiddenFrom, isSuspended, notHidden, notSuspended } from '../safety/hidden.ts';

/** What list readers need besides the database. */
export interface PostReader {
  db: Db;
  /** The cover shown for a community without one (our default artwork). */
  defaultCover: string;
}

export type PostCard = Post & { images: Array<{ url: string; width: number; height: number }> };
/** A card of a list page: with its comment preview. */
export type ListedCard = PostCard & { commentsPreview: CommentPreview };

/** What permission checks and the related list need of one post (service.ts findPost). */
export interface PostRef {
  id: string;
  authorId: string;
  communityId: string | null;
  title: string;
  /** The creator of the post's community, if any (may delete the post and its comments). */
  communityCreatorId: string | null;
}

export interface PostPageResult {
  posts: ListedCard[];
  totalPages: number;
}

/** A list page's statement (pageStatement) and the values of its placeholders. */
export interface PageQuery {
  statement: PageStatement;
  values: Record<string, unknown>;
}

export type PageStatement = Statement<{ json: string }>;

/** A value of a statement built once (Statement): `sql.placeholder(name)`. */
export const value = (name: string): Placeholder => sql.placeholder(name);

/**
 * Whether `viewer` saved the card's post (Post.saved): one probe of saved_posts' primary key
 * (user_id, post_id). Only ever the viewer's own answer: saves are private, and not kept on the
 * shared card.
 */
function savedBy(viewer: Placeholder | string): SQL {
  return sql`exists (select 1 from saved_posts s where s.user_id = ${viewer} and s.post_id = h.post_id)`;
}

/**
 * The kept likes of card `h` (JSON text), without the suspended people's (modules/moderation/
 * README.md: their likes stay, and show again when the suspension is lifted). Whether the post has
 * any is one probe of likes' primary key (post_id, user_id) per suspended person (none when nobody
 * is); only a card that has one builds its likes again, as sql/cards.sql does, without them.
 */
const likesShown = sql`(case when exists (select 1 from likes sl where sl.post_id = h.post_id and ${isSuspended(sql`sl.user_id`)})
    then (select coalesce(json_agg(l.user_id order by l.created_at, l.user_id), '[]'::json)::text from likes l where l.post_id = h.post_id and ${notSuspended(sql`l.user_id`)})
    else h.likes end)`;

/**
 * The card of post_cards `h` completed with its likes (likesShown) and its community `c` (or
 * null), as JSON text: post_card_json of sql/cards.sql, the one place the card is written; then
 * whether `viewer` saved it and the car it is tagged to (`car`, see cardJoins), added before the
 * closing brace.
 */
function card(cover: Placeholder | string, viewer: Placeholder | string): SQL {
  return sql`(left(post_card_json(h.head, ${likesShown}, c.id, c.name, c.cover_url, ${cover}::text), -1) || ',"saved":' || (${savedBy(viewer)})::text || ',"car":' || ${carRefJson} || '}')`;
}

/**
 * What a card adds to its kept row `h` at read time, by primary key: its community `c`, and the
 * car it is tagged to (Post.car, the garage) through its post row. The car is not kept on the card
 * as the author's name is: read here, a renamed car shows its new name on every card at once and
 * a deleted one (its posts untagged by SET NULL) shows none, with no card to write again, at the
 * cost of one posts primary-key probe per card (and one of cars for a tagged post).
 */
const cardJoins = sql`
    left join communities c on c.id = h.community_id
    join posts hp on hp.id = h.post_id
    left join cars car on car.id = hp.car_id`;

/**
 * The comment preview of each post of a page (ListedPost.commentsPreview of the contract), as a
 * LATERAL join on the page's rows: its PREVIEW_COMMENT_COUNT newest comments and their count,
 * both from the (post_id, created_at, id) index, the comments written as comments.list writes
 * them (comments/json.ts). In the page's one statement: no request, and no query, per card.
 *
 * Comments of people hidden from `viewer` (issue 18: block pairs and muted) are in neither: the
 * preview skips them in its scan, and the count, index only over the post's comments, subtracts
 * theirs, counted only when the viewer hides anyone (a one-time filter: the comment rows, whose
 * author the index does not hold, are read only then). The hidden people are read once per
 * statement (InitPlans), not per card.
 */
function previewJoin(viewer: Placeholder | string): SQL {
  const hidden = hiddenFrom(viewer);
  return sql`
    cross join lateral (select json_build_object(
      'comments', coalesce((
        select json_agg(${commentJson} order by c.created_at desc, c.id desc)
        from (select k.* from comments k where k.post_id = page.id and ${notHidden(sql`k.author_id`, viewer)}
              order by k.created_at desc, k.id desc limit ${sql.raw(String(PREVIEW_COMMENT_COUNT))}) c
        join users u on u.id = c.author_id), '[]'::json),
      'totalComments', (select count(*) from comments k where k.post_id = page.id)
        - (select count(*) from comments k where k.post_id = page.id and cardinality(${hidden}) > 0 and k.author_id = any(${hidden}))
    )::text as json) preview`;
}

/** A list page's card: the card with its comment preview added before the closing brace. */
function listedCard(cover: Placeholder | string, viewer: Placeholder | string): SQL {
  return sql`(left(${card(cover, viewer)}, -1) || ',"commentsPreview":' || preview.json || '}')`;
}

/**
 * The cards of `ids` (an SQL array, in order) as `viewer` sees them, `shape`d from their JSON
 * array text into one text column; `listed`: with each post's comment preview (the list pages).
 */
function cardsSql(ids: SQL, cover: Placeholder | string, viewer: Placeholder | string, shape: (cards: SQL) => SQL, listed = false): SQL {
  return sql`
    select ${shape(sql`('[' || coalesce(string_agg(${listed ? listedCard(cover, viewer) : card(cover, viewer)}, ',' order by page.n), '') || ']')`)} as json
    from unnest(${ids}) with ordinality as page(id, n)
    join post_cards h on h.post_id = page.id${cardJoins}${listed ? previewJoin(viewer) : sql``}`;
}

/**
 * The listed cards (ListedPost: with their comment previews) of `ids` (an SQL array) as rows
 * `(id, json)`, for a statement whose page mixes posts with other items (a car's timeline,
 * modules/garage/read.ts) and places each card itself.
 */
export function listedCardRows(ids: SQL, cover: Placeholder | string, viewer: Placeholder | string): SQL {
  return sql`
    select page.id, ${listedCard(cover, viewer)} as json
    from unnest(${ids}) with ordinality as page(id, n)
    join post_cards h on h.post_id = page.id${cardJoins}${previewJoin(viewer)}`;
}

/**
 * A list's page as one statement, built once: `parts` returns its ids (an SQL array of post
 * ids, in order) and its size (a scalar), written with `value(name)` placeholders. Its values
 * always include `viewer`, whose saves the cards show.
 */
export function pageStatement(parts: () => { ids: SQL; count: SQL; size: number }): PageStatement {
  return new Statement(() => {
    const { ids, count, size } = parts();
    return cardsSql(ids, value('cover'), value('viewer'), (cards) => sql`'{"posts":' || ${cards} || ',"totalPages":' || ceil((${count})::numeric / ${size})::int || '}'`, true);
  });
}

/** A page (PostPage of the contract) as JSON text, to send as it is. */
export async function postPageJson(reader: PostReader, query: PageQuery): Promise<string> {
  const result = await query.statement.run(reader.db, { ...query.values, cover: reader.defaultCover });
  return result.rows[0]!.json;
}

/** A page as objects (other modules, tests). */
export async function postPage(reader: PostReader, query: PageQuery): Promise<PostPageResult> {
  return JSON.parse(await postPageJson(reader, query)) as PostPageResult;
}

const single = new Statement<{ json: string; blocked: boolean }>(
  () => sql`select ${card(value('cover'), value('viewer'))} as json, ${blockedEitherWay(sql`hp.author_id`, value('viewer'))} as blocked
    from post_cards h${cardJoins} where h.post_id = ${value('post')}`,
);

/**
 * One post's card as `viewerId` sees it, as JSON text, and whether its author and the viewer are
 * a block pair (issue 18: the post detail answers 404 then), or null when there is no such post.
 */
export async function postCardFor(reader: PostReader, postId: string, viewerId: string): Promise<{ json: string; blockedWithViewer: boolean } | null> {
  const row = (await single.run(reader.db, { post: postId, viewer: viewerId, cover: reader.defaultCover })).rows[0];
  return row ? { json: row.json, blockedWithViewer: row.blocked } : null;
}

/** One post's card as `viewerId` sees it, as JSON text, or null when there is no such post. */
export async function postCardJson(reader: PostReader, postId: string, viewerId: string): Promise<string | null> {
  return (await postCardFor(reader, postId, viewerId))?.json ?? null;
}

/**
 * The cards of `ids` (an SQL array of post ids with their values in it) as `viewerId` sees them,
 * as objects, in order; planned for these values (search's best plan depends on how common the
 * text is).
 */
export async function postCards(reader: PostReader, ids: SQL, viewerId: string): Promise<PostCard[]> {
  const result = await reader.db.execute<{ json: string }>(cardsSql(ids, reader.defaultCover, viewerId, (cards) => cards));
  return JSON.parse(result.rows[0]!.json) as PostCard[];
}
