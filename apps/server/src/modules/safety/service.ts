// Block and mute (issue 18, README.md): where a viewer stands with another person, the checks the
// other modules make with it (404 for a block pair's profile pages, posts and cars; 403 for
// reaching the other), and the writes of the safety routes.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, type HiddenUser } from '@pitlane/api/contract';
import { Statement, type Db, type Tx } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { blocks, follows, mutes, users, type User } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { unnotify } from '../notifications/service.ts';
import { summaryOf } from '../users/service.ts';
import { blockedEitherWay } from './hidden.ts';

const value = (name: string) => sql.placeholder(name);

/** Where the viewer stands with another person. */
export interface Standing {
  /** The viewer blocked them. */
  blocked: boolean;
  /** They blocked the viewer. */
  blockedBy: boolean;
  /** The viewer muted them. */
  muted: boolean;
  /** They are suspended (modules/moderation). */
  suspended: boolean;
}

const standingStatement = new Statement<{ blocked: boolean; blocked_by: boolean; muted: boolean; suspended: boolean }>(() => {
  const [viewer, other] = [value('viewer'), value('other')];
  return sql`select
    exists (select 1 from blocks b where b.blocker_id = ${viewer} and b.blocked_id = ${other}) as blocked,
    exists (select 1 from blocks b where b.blocker_id = ${other} and b.blocked_id = ${viewer}) as blocked_by,
    exists (select 1 from mutes m where m.muter_id = ${viewer} and m.muted_id = ${other}) as muted,
    exists (select 1 from users u where u.id = ${other} and u.suspended_at is not null) as suspended`;
});

/** Where `viewerId` stands with `otherId` (both real user ids): four primary-key probes. */
export async function standingWith(db: Db, viewerId: string, otherId: string): Promise<Standing> {
  const row = (await standingStatement.run(db, { viewer: viewerId, other: otherId })).rows[0]!;
  return { blocked: row.blocked, blockedBy: row.blocked_by, muted: row.muted, suspended: row.suspended };
}

export const isBlockPair = (standing: Standing): boolean => standing.blocked || standing.blockedBy;

/** Whether `a` and `b` are a block pair, either way. */
export async function blockPair(db: Db, a: string, b: string): Promise<boolean> {
  return a !== b && isBlockPair(await standingWith(db, a, b));
}

export const profileUnavailable = () => new HttpError(404, NOT_FOUND_MESSAGES.profileUnavailable);
export const postUnavailable = () => new HttpError(404, NOT_FOUND_MESSAGES.postUnavailable);
export const carUnavailable = () => new HttpError(404, NOT_FOUND_MESSAGES.carUnavailable);
const userNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.user);

/**
 * The person `id` whose pages (posts, garage, follow lists, communities) `viewerId` opens: 404
 * `user` for nobody, 404 `profileUnavailable` for a block pair. One statement.
 */
export async function mustSeePerson(db: Db, id: string, viewerId: string): Promise<User> {
  if (!isId(id)) throw userNotFound();
  const [row] = await db
    .select({ user: users, hidden: sql<boolean>`${blockedEitherWay(sql`${users.id}`, viewerId)}` })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw userNotFound();
  if (row.hidden) throw profileUnavailable();
  return row.user;
}

const postInBlockPairStatement = new Statement<{ hidden: boolean }>(
  () => sql`select exists (select 1 from posts p where p.id = ${value('post')} and ${blockedEitherWay(sql`p.author_id`, value('viewer'))}) as hidden`,
);

/**
 * 404 `postUnavailable` when the post's author and `viewerId` are a block pair; nothing for a
 * post that does not exist (the caller answers that as before). One statement.
 */
export async function mustSeePost(db: Db, postId: string, viewerId: string): Promise<void> {
  if (!isId(postId)) return;
  const row = (await postInBlockPairStatement.run(db, { post: postId, viewer: viewerId })).rows[0];
  if (row?.hidden) throw postUnavailable();
}

/**
 * Holds the pair (a transaction-level advisory lock) until the commit: a block and a follow,
 * like or comment between the same two people at the same moment take turns, so none slips in
 * just after the block. Class 72503 (72501 and 72502 are the feeds', modules/posts/sql/feeds.sql).
 */
async function holdPair(tx: Tx, a: string, b: string): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await tx.execute(sql`select pg_advisory_xact_lock(72503, hashtext(${`${low}:${high}`}))`);
}

/**
 * In the follow, like and comment transactions: 403 when `viewerId` and `otherId` are a block
 * pair (`youBlockedThem` when the viewer blocked, else `theyBlockedYou`), read with the pair held;
 * then `unavailable()` (the 404 of the person's page or post) when `otherId` is suspended: nobody
 * reaches a suspended person, so no follow, like or comment is added while they are hidden.
 */
export async function refuseBlockPair(tx: Tx, viewerId: string, otherId: string, unavailable: () => HttpError): Promise<void> {
  if (viewerId === otherId) return;
  await holdPair(tx, viewerId, otherId);
  const standing = await standingWith(tx, viewerId, otherId);
  if (standing.blocked) throw new HttpError(403, REFUSAL_MESSAGES.youBlockedThem);
  if (standing.blockedBy) throw new HttpError(403, REFUSAL_MESSAGES.theyBlockedYou);
  if (standing.suspended) throw unavailable();
}

/**
 * `blockerId` blocks `blockedId` (again: no change) and the follows both ways end, each with its
 * notification taken back as an unfollow does; the feeds' triggers take the entries out. The two
 * follows are deleted in the order of the followee's id, so two blocks sharing a person take the
 * feeds' author locks in one order.
 */
export async function blockPerson(tx: Tx, blockerId: string, blockedId: string): Promise<void> {
  await holdPair(tx, blockerId, blockedId);
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  const ways = [
    { followerId: blockerId, followeeId: blockedId },
    { followerId: blockedId, followeeId: blockerId },
  ].sort((x, y) => (x.followeeId < y.followeeId ? -1 : 1));
  for (const way of ways) {
    const ended = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, way.followerId), eq(follows.followeeId, way.followeeId)))
      .returning({ followeeId: follows.followeeId });
    if (ended.length > 0) await unnotify(tx, { type: 'follow', senderId: way.followerId, recipientId: way.followeeId, postId: null });
  }
}

export async function unblockPerson(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function mutePerson(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.insert(mutes).values({ muterId, mutedId }).onConflictDoNothing();
}

export async function unmutePerson(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
}

/** A Blocked or Muted list: the table, whose list it is, and whom it names. */
const LISTS = {
  blocked: { table: blocks, owner: blocks.blockerId, person: blocks.blockedId, since: blocks.createdAt },
  muted: { table: mutes, owner: mutes.muterId, person: mutes.mutedId, since: mutes.createdAt },
} as const;

/** The people `viewerId` blocked or muted, newest first. */
export async function hiddenList(db: Db, kind: keyof typeof LISTS, viewerId: string): Promise<HiddenUser[]> {
  const list = LISTS[kind];
  const rows = await db
    .select({ user: users, since: list.since })
    .from(list.table)
    .innerJoin(users, eq(users.id, list.person))
    .where(eq(list.owner, viewerId))
    .orderBy(desc(list.since), asc(users.id));
  return rows.map((row) => ({ ...summaryOf(row.user), since: row.since.toISOString() }));
}
