// GET /api/search?q=: users whose username or full name contains the query, posts whose title
// or content does or whose car's make and model do, and cars (the garage) whose "year make model
// trim" does (case-insensitive substring match, served by pg_trgm GIN indexes on both engines),
// at most SEARCH_RESULT_LIMIT each. The query is matched literally: `%`, `_` and `\`
// are escaped, so no input widens the match; the input guard refuses strings over 500
// characters and NUL (400) before this runs. A blank query answers empty lists.
//
// Ranking: users by how well the username matches (exact, then prefix, then trigram similarity
// of username or full name), then username; posts and cars newest first (packages/api/README.md).
//
// Block and mute (issue 18, modules/safety/README.md): the posts leave out those of people
// hidden from the viewer (block pairs and muted); the users and cars leave out block pairs only,
// so a muted person can still be found (to unmute).
//
// Tags (issue 21): the tags starting with the query, most posts first, SEARCH_TAG_LIMIT of them.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isValidTag, normalizeTag, SEARCH_RESULT_LIMIT, SEARCH_TAG_LIMIT, type TagCount, type UserSummary } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { contractRoute } from '../contract-route.ts';
import { containsPattern, postReaderOf, searchPosts } from '../posts/service.ts';
import { searchCars } from '../garage/read.ts';
import { notBlocked } from '../safety/hidden.ts';
import { tagsStartingWith } from '../tags/service.ts';

/**
 * Tags starting with the query read as a tag (`#E30` and `e30` alike, modules/tags), most posts
 * first; none when the query cannot begin a tag (a space, a sign other than a leading `#`).
 */
export async function searchTags(db: Db, query: string): Promise<TagCount[]> {
  const tag = normalizeTag(query);
  if (!isValidTag(tag)) return [];
  return tagsStartingWith(db, tag, SEARCH_TAG_LIMIT);
}

export async function searchUsers(db: Db, query: string, viewerId: string): Promise<UserSummary[]> {
  const pattern = containsPattern(query);
  const prefix = `${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.execute<{ id: string; username: string; full_name: string; profile_picture_url: string | null }>(sql`
    select id, username, full_name, profile_picture_url from users
    where (username::text ilike ${pattern} or full_name ilike ${pattern}) and ${notBlocked(sql`id`, viewerId)}
    order by
      lower(username::text) = lower(${query}) desc,
      username::text ilike ${prefix} desc,
      greatest(similarity(username::text, ${query}), similarity(full_name, ${query})) desc,
      username::text
    limit ${SEARCH_RESULT_LIMIT}`);
  return result.rows.map((row) => ({
    _id: row.id,
    username: row.username,
    fullName: row.full_name,
    profilePictureUrl: row.profile_picture_url ?? '',
  }));
}

export const searchRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'search.query', {}, async ({ query, viewer }) => {
    const q = query.q.trim();
    if (q === '') return { users: [], posts: [], cars: [] };
    // Independent reads: on PostgreSQL each takes a connection of the pool, so the answer
    // waits for the slowest, not for the sum (PGlite runs them one after the other).
    const [users, posts, cars, tags] = await Promise.all([
      searchUsers(app.db, q, viewer.user.id),
      searchPosts(postReaderOf(app), viewer.user.id, q),
      searchCars(app.db, q, viewer.user.id),
      searchTags(app.db, q),
    ]);
    return { users, posts, cars, tags };
  });
};
