// Helpers for the communities tests: communities made through the API (not written into the
// database as the posts tests do), the edit form, and the counts a cascade test compares.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Community, CreateCommunityResult } from '@pitlane/api/contract';
import type { Db } from '../src/db/client.ts';
import type { Browser } from './browser.ts';
import { form, type ImageFile } from './posts.ts';

/** POST /api/communities/create; returns the new community (fails the test on a refusal). */
export async function newCommunity(b: Browser, name: string, description = `${name}: meets, builds and road trips.`): Promise<Community> {
  const response = await b.post('/api/communities/create', { name, description });
  if (response.statusCode !== 201) throw new Error(`create community answered ${response.statusCode}: ${response.body}`);
  return response.json<CreateCommunityResult>().newCommunity;
}

/** PATCH …/join (fails the test on a refusal). */
export async function join(b: Browser, communityId: string): Promise<void> {
  const response = await b.patch(`/api/communities/${communityId}/join`);
  if (response.statusCode !== 200) throw new Error(`join answered ${response.statusCode}: ${response.body}`);
}

/** PUT /api/communities/:id as the Edit Community modal sends it: text parts, `members` as JSON, an optional cover. */
export async function edit(
  b: Browser,
  communityId: string,
  fields: { name: string; description: string; members: readonly string[] | string; coverImageAlt?: string },
  cover?: ImageFile,
): Promise<LightMyRequestResponse> {
  const members = typeof fields.members === 'string' ? fields.members : JSON.stringify(fields.members);
  const text = { name: fields.name, description: fields.description, members, ...(fields.coverImageAlt === undefined ? {} : { coverImageAlt: fields.coverImageAlt }) };
  return b.request('PUT', `/api/communities/${communityId}`, await form(text, cover ? [cover] : [], 'coverImage'));
}

/** `[status, body]` of a response, for comparing a refusal in one expectation. */
export const answer = (response: LightMyRequestResponse) => [response.statusCode, response.json()] as const;

const TABLES = ['communities', 'community_members', 'posts', 'post_images', 'comments', 'likes', 'notifications'] as const;
export type RowCounts = Record<(typeof TABLES)[number], number>;

/** How many rows each table a community cascade touches holds. */
export async function rowCounts(db: Db): Promise<RowCounts> {
  const counts = {} as RowCounts;
  for (const table of TABLES) {
    const result = await db.execute<{ n: number | string }>(sql`select count(*) as n from ${sql.identifier(table)}`);
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** `before` with the given tables changed by `delta` (what a cascade should leave). */
export function countsAfter(before: RowCounts, delta: Partial<RowCounts>): RowCounts {
  const out = { ...before };
  for (const [table, change] of Object.entries(delta) as Array<[keyof RowCounts, number]>) out[table] += change;
  return out;
}

/**
 * Makes a DELETE on `table` fail inside the database (a trigger raising an error), of every row
 * or of the rows matching `when` (SQL over `old`), so a cascade fails halfway. Returns the
 * function that removes it again (the PostgreSQL test database lives for the whole file).
 */
export async function failDeletesOn(db: Db, table: 'posts' | 'comments' | 'post_images' | 'community_members', when = 'true'): Promise<() => Promise<void>> {
  await db.execute(sql.raw(`create or replace function pitlane_test_fail() returns trigger language plpgsql as $$
    begin raise exception 'forced failure in a test'; end $$`));
  await db.execute(sql.raw(`create trigger pitlane_test_fail before delete on ${table} for each row when (${when}) execute function pitlane_test_fail()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger if exists pitlane_test_fail on ${table}`));
    await db.execute(sql.raw('drop function if exists pitlane_test_fail()'));
  };
}
