// Tags and mentions (issue 21, README.md beside this file). What is a tag or a mention is the
// contract's parser alone (rich-text.ts `tagsIn`, `mentionsIn`): the server never reads text with
// a pattern of its own.
import { sql } from 'drizzle-orm';
import {
  MAX_TAG_LENGTH,
  PAGE_SIZES,
  TRENDING_TAGS_COUNT,
  TRENDING_TAGS_WINDOW_DAYS,
  TYPEAHEAD_LIMIT,
  mentionsIn,
  normalizeTag,
  postText,
  tagsIn,
  type TagCount,
  type UserSummary,
} from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/service.ts';
import { pageStatement, value, visibleTo, type PageQuery } from '../posts/service.ts';
import { blockedEitherWay, notBlocked, notHidden } from '../safety/hidden.ts';

/** The text of a post whose tags and mentions count (the contract's: title, line break, content). */
export { postText };

/**
 * Makes post `postId`'s stored tags those of `text` (its title and content): the ones it no
 * longer carries deleted, the new ones added with the post's author, community and `created_at`. In the caller's
 * transaction. Added in name order, so two posts saved at once take the kept counts' rows
 * (tag_counts, sql/tags.sql) in the same order and cannot deadlock.
 */
export async function keepPostTags(db: Db, postId: string, text: string): Promise<void> {
  const tags = [...tagsIn(text)].sort();
  await db.execute(sql`delete from post_tags where post_id = ${postId} and tag <> all(${sql.param(tags)}::text[])`);
  if (tags.length === 0) return;
  await db.execute(sql`insert into post_tags (tag, post_id, author_id, community_id, created_at)
    select t.tag, p.id, p.author_id, p.community_id, p.created_at from unnest(${sql.param(tags)}::text[]) with ordinality t(tag, n) join posts p on p.id = ${postId}
    order by t.n
    on conflict do nothing`);
}

/**
 * Sends a `mention` notification about post `postId` (in its comment `commentId`, when the mention
 * is in a comment) from `senderId` to each of `usernames` who
 * exists and may hear of it: not the sender, not in a block pair with them either way, not
 * suspended, and not someone who muted the sender (a mute takes the muted person's posts and
 * comments out of one's notifications, modules/safety). Not to `except` either (the post's
 * author, who hears of a comment as `comment`). A community post notifies people outside the
 * community too: the post's page answers any signed-in user (shared links, posts README).
 * In the caller's transaction; returns who was notified, for the live signal after the commit.
 */
export async function notifyMentions(
  db: Db,
  mention: { senderId: string; postId: string; commentId?: string; usernames: string[]; except?: string[] },
): Promise<string[]> {
  if (mention.usernames.length === 0) return [];
  const except = [mention.senderId, ...(mention.except ?? [])];
  const found = await db.execute<{ id: string }>(sql`
    select u.id from users u
    where u.username = any(${sql.param(mention.usernames)}::text[]::citext[])
      and u.id <> all(${sql.param(except)}::text[]::uuid[])
      and not ${blockedEitherWay(sql`u.id`, mention.senderId)}
      and not exists (select 1 from mutes m where m.muter_id = u.id and m.muted_id = ${mention.senderId})
    order by u.id`);
  for (const { id } of found.rows) {
    await notify(db, { type: 'mention', senderId: mention.senderId, recipientId: id, postId: mention.postId, commentId: mention.commentId ?? null });
  }
  return found.rows.map((row) => row.id);
}

/** The people `after` mentions that `before` did not (an edit notifies only them). */
export function newlyMentioned(before: string, after: string): string[] {
  const earlier = new Set(mentionsIn(before));
  return mentionsIn(after).filter((name) => !earlier.has(name));
}

const viewer = value('viewer');
const tag = value('tag');

/**
 * The posts of `tag` the viewer may see: as every post list, a community's posts only for its
 * members (`visibleTo`) and none by someone hidden from the viewer (block pairs, muted,
 * suspended: `hiddenFrom`). post_tags carries each post's author and community under the
 * names the lists' checks read (`p.author_id`, `p.community_id`), so the page and its size read
 * the (tag, created_at, post_id, author_id, community_id) index alone: no post row per tag row.
 */
const tagPostsWhere = sql`from post_tags p
  where p.tag = ${tag} and ${visibleTo(viewer)} and ${notHidden(sql`p.author_id`, viewer)}`;

/**
 * A tag's posts newest first, with each card's comment preview as every list page has it
 * (posts/cards.ts). Its size is counted over the same index entries (a tag's posts as one viewer
 * may see them: not kept, as Saved's).
 */
const tagPosts = pageStatement(() => ({
  ids: sql`array(select p.post_id ${tagPostsWhere}
    order by p.created_at desc, p.post_id desc limit ${value('limit')} offset ${value('offset')})`,
  count: sql`(select count(*) ${tagPostsWhere})`,
  size: PAGE_SIZES.tagPosts,
}));

export function tagPostsQuery(viewerId: string, tagName: string, pageNumber: number): PageQuery {
  const size = PAGE_SIZES.tagPosts;
  return { statement: tagPosts, values: { viewer: viewerId, tag: tagName, limit: size, offset: (pageNumber - 1) * size } };
}

/**
 * The tags of the most posts the viewer may see created since `now` less
 * TRENDING_TAGS_WINDOW_DAYS (the app's clock), ties by name: the window's entries of the
 * (created_at, tag, author_id, community_id) index alone, counted per tag. Not prepared: a generic
 * plan cannot know how little of the table the window is, and scanned it all.
 */
export async function trendingTags(db: Db, viewerId: string, now: Date): Promise<TagCount[]> {
  const since = new Date(now.getTime() - TRENDING_TAGS_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const result = await db.execute<{ tag: string; post_count: number | string }>(sql`
    select p.tag, count(*) as post_count from post_tags p
    where p.created_at >= ${since.toISOString()}::timestamptz and ${visibleTo(viewerId)} and ${notHidden(sql`p.author_id`, viewerId)}
    group by p.tag
    order by count(*) desc, p.tag
    limit ${TRENDING_TAGS_COUNT}`);
  return result.rows.map((row) => ({ tag: row.tag, postCount: Number(row.post_count) }));
}

/** `text` as a LIKE pattern of what starts with it: `%`, `_` and `\` escaped. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Known tags starting with `query` (`#` and case ignored), most posts first, then by name, at most
 * `limit`: a range of tag_counts' primary key (collation "C", so the prefix is an index range),
 * its counts kept by sql/tags.sql. Counts every post carrying the tag, as type-ahead and search
 * offer what exists; the tag's page then shows what the viewer may see.
 */
export async function tagsStartingWith(db: Db, query: string, limit: number = TYPEAHEAD_LIMIT): Promise<TagCount[]> {
  const prefix = normalizeTag(query.trim()).slice(0, MAX_TAG_LENGTH);
  const result = await db.execute<{ tag: string; post_count: number | string }>(sql`
    select tag, post_count from tag_counts
    where tag like ${prefixPattern(prefix)} and post_count > 0
    order by post_count desc, tag
    limit ${limit}`);
  return result.rows.map((row) => ({ tag: row.tag, postCount: Number(row.post_count) }));
}

/**
 * Type-ahead after `@`: people whose username or full name starts with `query` (case ignored),
 * those the viewer follows first, then by username; never the viewer, never someone in a block
 * pair with them or suspended (a muted person may be mentioned). An empty query: the people the
 * viewer follows. The followed ones are read through the viewer's follows; the others as two
 * ranges, of the username and of the full name prefix indexes (lower case, collation "C"), each
 * stopping at TYPEAHEAD_LIMIT.
 */
export async function mentionSuggestions(db: Db, viewerId: string, query: string): Promise<UserSummary[]> {
  const q = query.trim().replace(/^@/, '').toLowerCase().slice(0, 100);
  const pattern = prefixPattern(q);
  const byUsername = sql`(lower(u.username::text) collate "C")`;
  const byName = sql`(lower(u.full_name) collate "C")`;
  const shown = sql`u.id <> ${viewerId} and ${notBlocked(sql`u.id`, viewerId)}`;
  const notFollowed = sql`not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)`;
  const columns = sql`u.id, u.username::text as username, u.full_name, u.profile_picture_url`;
  const others = q === ''
    ? sql``
    : sql`union all (select 1, ${columns} from users u where ${byUsername} like ${pattern} and ${shown} and ${notFollowed}
        order by ${byUsername} limit ${TYPEAHEAD_LIMIT})
      union all (select 1, ${columns} from users u where ${byName} like ${pattern} and ${shown} and ${notFollowed}
        order by ${byName} limit ${TYPEAHEAD_LIMIT})`;
  const result = await db.execute<{ id: string; username: string; full_name: string; profile_picture_url: string | null }>(sql`
    select s.id, s.username, s.full_name, s.profile_picture_url from (
      select distinct on (c.id) c.* from (
        (select 0 as rank, ${columns}
          from follows f join users u on u.id = f.followee_id
          where f.follower_id = ${viewerId} and ${q === '' ? sql`true` : sql`(${byUsername} like ${pattern} or ${byName} like ${pattern})`} and ${shown}
          order by ${byUsername} limit ${TYPEAHEAD_LIMIT})
        ${others}
      ) c order by c.id, c.rank
    ) s
    order by s.rank, lower(s.username) collate "C"
    limit ${TYPEAHEAD_LIMIT}`);
  return result.rows.map((row) => ({ _id: row.id, username: row.username, fullName: row.full_name, profilePictureUrl: row.profile_picture_url ?? '' }));
}
