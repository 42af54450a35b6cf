// The post lists: which posts a page shows (an indexed query for their ids, in order) and how
// many the list has (kept counts, never a COUNT over posts: modules/posts/sql/feeds.sql). Each list is one
// statement built once with placeholders (cards.ts pageStatement); `…Query` gives it with the
// values of a request, `…Page` reads it as objects (other modules, tests), the routes read the
// same statement as JSON text.
//
// Visibility (spec §6, packages/api/README.md): a community's posts appear in lists and search
// only for the community's members; `GET /api/posts/:id` answers any signed-in user.
//
// Block and mute (issue 18, modules/safety/README.md): every list but by-user leaves out the
// posts of the people hidden from the viewer (block pairs and muted: `hiddenFrom`), and its
// size leaves out their counts. The hidden people are read once per statement for each
// `hiddenFrom` in it (an InitPlan, three index probes; a page evaluates two to five of them,
// its cards' comment previews included), never per row; by-user is answered 404 for a block
// pair by its route, and shows a muted person's posts.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PAGE_SIZES } from '@pitlane/api/contract';
import { hiddenFrom, notHidden } from '../safety/hidden.ts';
import { pageStatement, postPage, value, type PageQuery, type PostPageResult, type PostReader, type PostRef } from './cards.ts';

/** `p` is visible to `viewerId` in lists: on a profile, or in a community the viewer belongs to. */
export function visibleTo(viewerId: string | Placeholder): SQL {
  return sql`(p.community_id is null or exists (select 1 from community_members m where m.community_id = p.community_id and m.user_id = ${viewerId}))`;
}

/**
 * How many posts `viewerId` may see in all: every profile post (kept in 16 rows) and the posts
 * of the communities the viewer belongs to (kept on each community).
 */
function visibleTotal(viewerId: Placeholder): SQL {
  return sql`((select coalesce(sum(t.post_count), 0) from profile_post_totals t)
    + (select coalesce(sum(c.post_count), 0) from community_members m join communities c on c.id = m.community_id where m.user_id = ${viewerId}))`;
}

/**
 * How many of `authorId`'s posts `viewerId` may see: the kept profile count plus the author's
 * kept counts in the viewer's communities (visible_post_count of modules/posts/sql/feeds.sql).
 */
export function visiblePostCount(authorId: string | Placeholder, viewerId: string | Placeholder): SQL {
  return sql`visible_post_count(${authorId}, ${viewerId})`;
}

const window = (pageNumber: number, size: number) => ({ limit: size, offset: (pageNumber - 1) * size });

// The values of every list statement below.
const viewer = value('viewer');
const limit = value('limit');
const offset = value('offset');
/** offset + limit: how far into a list a page reaches. */
const reach = value('reach');
const paging = (pageNumber: number, size: number) => {
  const { limit: l, offset: o } = window(pageNumber, size);
  return { limit: l, offset: o, reach: o + l };
};

/** `p`'s author is not hidden from the viewer. */
const authorShown = notHidden(sql`p.author_id`, viewer);

/**
 * The post `postId` (a column of a row that has no author: a feed entry, a save) is not by
 * someone hidden from the viewer. Tested first on the hidden people (once per statement), so
 * for a viewer who hides nobody the rows are read alone, as before; then by a scalar subquery,
 * a posts primary-key probe per row, which PostgreSQL cannot turn into a hash of all posts as
 * it may an EXISTS.
 */
const postShown = (postId: SQL) => sql`(cardinality(${hiddenFrom(viewer)}) = 0
  or (select ${authorShown} from posts p where p.id = ${postId}))`;

/**
 * The people hidden from the viewer, each once, as rows `h(id)`: a block both ways and a mute
 * name one person up to three times in `hiddenFrom`, and the totals below must subtract them once.
 */
const hiddenPeople = sql`(select distinct u.id from unnest(${hiddenFrom(viewer)}) u(id))`;

/**
 * How many of `author`'s posts the viewer may see: visible_post_count spelled out (called as a
 * function per row, PostgreSQL plans its body each time: ~0.1 ms a call).
 */
const visibleCountOf = (author: SQL) => sql`(coalesce((select pc.post_count from profile_post_counts pc where pc.author_id = ${author}), 0)
  + coalesce((select sum(cc.post_count) from community_members m
              join community_post_counts cc on cc.community_id = m.community_id and cc.author_id = ${author}
              where m.user_id = ${viewer}), 0))`;

/**
 * How many posts of the people hidden from the viewer the viewer could otherwise see (what
 * trending's and related's totals leave out); nothing is read for a viewer who hides nobody.
 */
const hiddenPostCount = sql`(select coalesce(sum(${visibleCountOf(sql`h.id`)}), 0) from ${hiddenPeople} h)`;

/** The posts of a feed page past its kept entries, merged from the followees' posts. */
const mergedFeedIds = sql`array(
  select fp.id from follows f
  cross join lateral (
    select p.id, p.created_at from posts p
    where p.author_id = f.followee_id and ${visibleTo(viewer)}
    order by p.created_at desc, p.id desc
    limit ${reach}
  ) fp
  where f.follower_id = ${viewer} and ${notHidden(sql`f.followee_id`, viewer)}
  order by fp.created_at desc, fp.id desc
  limit ${limit} offset ${offset})`;

/**
 * Feed: posts of the users the viewer follows that the viewer may see, newest first. Read from
 * the viewer's home feed, kept on write by the database (modules/posts/sql/feeds.sql: an entry per post for
 * each reader, the newest 500 kept), merged with the posts of the pulled authors the viewer
 * follows (accounts with very many followers, whose posts get no entries: per pulled followee,
 * its newest `offset + limit` from the (author_id, created_at, id) index): the page is the
 * newest of both, and the list's size is `feeds.post_count` plus the pulled followees' visible
 * counts. A page the entries and pulled posts at or above the horizon do not fill while older
 * posts exist (the horizon is set: page 51 on, or after unfollows) is merged from all the
 * followees' posts instead, in the same way.
 *
 * Hidden people (issue 18; a block ends the follows, so these are mostly muted followees): their
 * entries are skipped (the entries carry no author: one posts primary-key probe per entry read,
 * only for a viewer who hides anyone), and their pulled or merged posts never read. The entries
 * left are still exact at and above the horizon, so the test below holds as before (a page the
 * muted person's entries leave short is merged). The size subtracts each hidden followee's share
 * of `feeds.post_count` (as feed_source_count of sql/feeds.sql has it: their visible posts less
 * those still pending, none for a pulled author) and adds only the pulled followees not hidden.
 */
/**
 * Whether the viewer follows the pulled author `pa`: one probe of the follows index per pulled
 * author (a LATERAL with a limit, so the planner does not hash all of the viewer's follows
 * instead, which cost ~0.3 ms a page at 200 follows). The counts below spell out
 * visible_post_count (visibleCountOf).
 */
const followsPulled = sql`(select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = pa.author_id limit 1) followed`;

/**
 * The hidden followees' share of `feeds.post_count`: their visible posts but those pending
 * (feed_fanouts: counted on the profile, in no feed yet), none for a pulled author.
 */
const hiddenFolloweesCount = sql`(select coalesce(sum(${visibleCountOf(sql`h.id`)}
    - (select count(*) from feed_fanouts q join posts p on p.id = q.post_id where p.author_id = h.id and ${visibleTo(viewer)})), 0)
  from ${hiddenPeople} h
  where exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = h.id)
    and not exists (select 1 from feed_pulled_authors pa where pa.author_id = h.id))`;

const feed = pageStatement(() => ({
  ids: sql`(
    with kept as (
      select e.post_id, e.created_at from feed_entries e
      where e.owner_id = ${viewer} and ${postShown(sql`e.post_id`)}
      order by e.created_at desc, e.post_id desc limit ${reach}
    ),
    pulled as (
      select fp.id as post_id, fp.created_at from feed_pulled_authors pa
      cross join lateral ${followsPulled}
      cross join lateral (
        select p.id, p.created_at from posts p
        where p.author_id = pa.author_id and ${visibleTo(viewer)}
        order by p.created_at desc, p.id desc
        limit ${reach}
      ) fp
      where ${notHidden(sql`pa.author_id`, viewer)}
    )
    -- The entries are exact at and above the horizon: the page is right when the page reaches no
    -- lower, counting the pulled posts there too (a feed that lost a newly pulled author's
    -- entries has fewer than the cap until new posts come).
    select case
      when (select count(*) from kept) + (select count(*) from pulled u where not exists (select 1 from feeds fd
              where fd.owner_id = ${viewer} and (u.created_at, u.post_id) < (fd.horizon_created_at, fd.horizon_post_id))) >= ${reach}
        or not exists (select 1 from feeds fd where fd.owner_id = ${viewer} and fd.horizon_created_at is not null)
      then array(select u.post_id from (select * from kept union all select * from pulled) u
                 order by u.created_at desc, u.post_id desc limit ${limit} offset ${offset})
      else ${mergedFeedIds}
    end)`,
  count: sql`(coalesce((select fd.post_count from feeds fd where fd.owner_id = ${viewer}), 0)
    - ${hiddenFolloweesCount}
    + coalesce((select sum(${visibleCountOf(sql`pa.author_id`)})
      from feed_pulled_authors pa cross join lateral ${followsPulled}
      where ${notHidden(sql`pa.author_id`, viewer)}), 0))::bigint`,
  size: PAGE_SIZES.feed,
}));

export function feedQuery(viewerId: string, pageNumber: number): PageQuery {
  return { statement: feed, values: { viewer: viewerId, ...paging(pageNumber, PAGE_SIZES.feed) } };
}

export function feedPage(reader: PostReader, viewerId: string, pageNumber: number): Promise<PostPageResult> {
  return postPage(reader, feedQuery(viewerId, pageNumber));
}

/**
 * Trending: the kept score (trending.ts), highest first, newer first among equals; the hidden
 * people's posts skipped in the scan, and their visible counts subtracted from the total.
 */
const trending = pageStatement(() => ({
  ids: sql`array(
    select p.id from posts p where ${visibleTo(viewer)} and ${authorShown}
    order by p.trending_score desc, p.created_at desc, p.id desc
    limit ${limit} offset ${offset})`,
  count: sql`(${visibleTotal(viewer)} - ${hiddenPostCount})`,
  size: PAGE_SIZES.trending,
}));

export function trendingQuery(viewerId: string, pageNumber: number): PageQuery {
  return { statement: trending, values: { viewer: viewerId, ...paging(pageNumber, PAGE_SIZES.trending) } };
}

export function trendingPage(reader: PostReader, viewerId: string, pageNumber: number): Promise<PostPageResult> {
  return postPage(reader, trendingQuery(viewerId, pageNumber));
}

/** A user's posts the viewer may see, newest first. */
const byUser = pageStatement(() => ({
  ids: sql`array(select p.id from posts p where p.author_id = ${value('author')} and ${visibleTo(viewer)}
    order by p.created_at desc, p.id desc limit ${limit} offset ${offset})`,
  count: visiblePostCount(value('author'), viewer),
  size: PAGE_SIZES.byUser,
}));

export function byUserQuery(viewerId: string, authorId: string, pageNumber: number): PageQuery {
  return { statement: byUser, values: { viewer: viewerId, author: authorId, ...paging(pageNumber, PAGE_SIZES.byUser) } };
}

export function byUserPage(reader: PostReader, viewerId: string, authorId: string, pageNumber: number): Promise<PostPageResult> {
  return postPage(reader, byUserQuery(viewerId, authorId, pageNumber));
}

/**
 * A community's posts, newest first (the page query of `GET /api/communities/:id`; the route
 * decides membership: non-members get none), but those of people hidden from the viewer, whose
 * saves the cards show; its size is the community's kept count less the hidden people's kept
 * counts in it (community_post_counts, one primary-key probe per hidden person).
 *
 * The hidden people's posts are left out by id: their posts in the community, read once (an
 * InitPlan) through the (author_id, …) index alone (`is not distinct from` is no index
 * condition: a bitmap of the whole community's posts ANDed with it cost more than the page);
 * nothing is read for a viewer who hides nobody. Left out by author instead, each row of the
 * (community_id, created_at, id) index would need its heap tuple, and PostgreSQL then estimated
 * the generic plan dearer than planning every request, and planned every request (~2 ms a page
 * at 100k posts).
 */
const communityPosts = pageStatement(() => ({
  ids: sql`array(select p.id from posts p where p.community_id = ${value('community')}
    and p.id <> all(array(select hp.id from posts hp
                          where hp.author_id = any(${hiddenFrom(viewer)}) and hp.community_id is not distinct from ${value('community')}))
    order by p.created_at desc, p.id desc limit ${limit} offset ${offset})`,
  count: sql`(coalesce((select c.post_count from communities c where c.id = ${value('community')}), 0)
    - (select coalesce(sum(cc.post_count), 0) from community_post_counts cc
       where cc.community_id = ${value('community')} and cc.author_id = any(${hiddenFrom(viewer)})))`,
  size: PAGE_SIZES.communityPosts,
}));

export function communityPostsQuery(viewerId: string, communityId: string, pageNumber: number): PageQuery {
  return { statement: communityPosts, values: { viewer: viewerId, community: communityId, ...paging(pageNumber, PAGE_SIZES.communityPosts) } };
}

export function communityPostsPage(reader: PostReader, viewerId: string, communityId: string, pageNumber: number): Promise<PostPageResult> {
  return postPage(reader, communityPostsQuery(viewerId, communityId, pageNumber));
}

/**
 * Saved (issue 21): the viewer's saved posts, newest saved first: a backwards range of the
 * (user_id, saved_at, post_id) index, and its size counted over the same index (a person's
 * saves: not kept, like a post's comment count). Any post the viewer saved, as `GET
 * /api/posts/:id` answers any post: one can save what one can open; but not those of people
 * hidden from the viewer (issue 18), which takes a posts primary-key probe per save read, in
 * the page and in the count alike, for a viewer who hides anyone.
 */
const savedShown = sql`from saved_posts s where s.user_id = ${viewer} and ${postShown(sql`s.post_id`)}`;
const saved = pageStatement(() => ({
  ids: sql`array(select s.post_id ${savedShown}
    order by s.saved_at desc, s.post_id desc limit ${limit} offset ${offset})`,
  count: sql`(select count(*) ${savedShown})`,
  size: PAGE_SIZES.saved,
}));

export function savedQuery(viewerId: string, pageNumber: number): PageQuery {
  return { statement: saved, values: { viewer: viewerId, ...paging(pageNumber, PAGE_SIZES.saved) } };
}

export function savedPage(reader: PostReader, viewerId: string, pageNumber: number): Promise<PostPageResult> {
  return postPage(reader, savedQuery(viewerId, pageNumber));
}

/**
 * Related: the other posts the viewer may see. First those by the same author or in the same
 * community, newest first (two limited scans of the author and community indexes, merged), then
 * every other one by title similarity to this post's title: a nearest-neighbour scan of the GiST
 * trigram index ordered by distance alone (`<->`), so it reads only as many posts as the page
 * reaches. Equal distances come in the index's order, the same for every page, so pages neither
 * repeat nor skip a post (re-sorting them newest first would move posts across page borders).
 * Paged across both tiers; the trigram scan runs only for what the first tier leaves of the
 * page's reach (none on a page the author and community fill: at 1M posts the scan is the
 * costly part, ~10 ms). The total is the viewer's visible posts (kept counts) less this one.
 * Two statements: for a post on a profile and for a post in a community.
 *
 * Hidden people (issue 18): neither tier has their posts (a muted author's own post can be
 * opened, and then has none of the author's others), and the total subtracts their visible
 * counts, and this post only when it was counted: not when its author is hidden.
 */
function relatedStatement(inCommunity: boolean) {
  const [author, community, origin] = [value('author'), value('community'), value('origin')];
  const newest = sql`order by p.created_at desc, p.id desc limit ${reach}`;
  const sameCommunity = inCommunity
    ? sql`union all (select p.id, p.created_at from posts p where p.community_id = ${community} and p.author_id <> ${author} and ${visibleTo(viewer)} and ${authorShown} ${newest})`
    : sql``;
  const elsewhere = inCommunity ? sql`p.author_id <> ${author} and (p.community_id is null or p.community_id <> ${community})` : sql`p.author_id <> ${author}`;
  // On the author, not on each post: a one-time filter, so a hidden author's posts are not read.
  const authorCounted = notHidden(sql`${author}`, viewer);
  const originVisible = inCommunity
    ? sql`(case when ${authorCounted} and exists (select 1 from community_members m where m.community_id = ${community} and m.user_id = ${viewer}) then 1 else 0 end)`
    : sql`(case when ${authorCounted} then 1 else 0 end)`;
  return pageStatement(() => ({
    ids: sql`(
      with near as materialized (select array(
        select close.id from (
          (select p.id, p.created_at from posts p where p.author_id = ${author} and p.id <> ${origin} and ${visibleTo(viewer)} and ${authorCounted} ${newest})
          ${sameCommunity}
        ) close
        order by close.created_at desc, close.id desc limit ${reach}
      ) as ids)
      select array(
        select ranked.id from (
          select close_ids.id, 1 as tier, close_ids.n from unnest(near.ids) with ordinality as close_ids(id, n)
          union all
          select far_ids.id, 2 as tier, far_ids.n from unnest(array(
            select p.id from posts p where ${elsewhere} and ${visibleTo(viewer)} and ${authorShown}
            order by p.title <-> ${value('title')}::text
            limit greatest(${reach}::bigint - cardinality(near.ids), 0)
          )) with ordinality as far_ids(id, n)
        ) ranked
        order by ranked.tier, ranked.n
        limit ${limit} offset ${offset})
      from near)`,
    count: sql`(${visibleTotal(viewer)} - ${hiddenPostCount} - ${originVisible})`,
    size: PAGE_SIZES.related,
  }));
}
const related = { onProfile: relatedStatement(false), inCommunity: relatedStatement(true) };

export function relatedQuery(viewerId: string, origin: PostRef, pageNumber: number): PageQuery {
  return {
    statement: origin.communityId ? related.inCommunity : related.onProfile,
    values: {
      viewer: viewerId,
      author: origin.authorId,
      community: origin.communityId,
      origin: origin.id,
      title: origin.title,
      ...paging(pageNumber, PAGE_SIZES.related),
    },
  };
}

export function relatedPage(reader: PostReader, viewerId: string, origin: PostRef, pageNumber: number): Promise<PostPageResult> {
  return postPage(reader, relatedQuery(viewerId, origin, pageNumber));
}
