// Users as the contract shows them: the session shape (`id`), listed users (`_id`), profiles.
// Relations that other issues add (communities, posts) are read in one place each below, so
// those issues change one function, not every reply.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProfileUser, PublicUser, SessionUser, UserSummary } from '@pitlane/api/contract';
import type { Db, Tx } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { communities, communityMembers, follows, postImages, posts, users, type User } from '../../db/schema.ts';
import { communitiesOfMember } from '../communities/read.ts';
import { garageMediaOf } from '../garage/service.ts';
import { meetCoversOfAccount } from '../meets/service.ts';
import { notBlocked, notSuspended } from '../safety/hidden.ts';

export async function findUserById(db: Db, id: string): Promise<User | null> {
  if (!isId(id)) return null;
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function findUserByUsername(db: Db, username: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return user ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

/**
 * Ids of the users who follow `userId`, oldest follow first; without the suspended people
 * (modules/moderation/README.md: their follows stay, and come back when the suspension is lifted).
 */
export async function followerIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followeeId, userId), notSuspended(sql`${follows.followerId}`)))
    .orderBy(asc(follows.createdAt), asc(follows.followerId));
  return rows.map((row) => row.id);
}

/** Ids of the users `userId` follows, oldest follow first; without the suspended people (as followerIdsOf). */
export async function followingIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, userId), notSuspended(sql`${follows.followeeId}`)))
    .orderBy(asc(follows.createdAt), asc(follows.followeeId));
  return rows.map((row) => row.id);
}

/** Ids of the communities `userId` belongs to, the earliest joined first. */
export async function communityIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: communityMembers.communityId })
    .from(communityMembers)
    .where(eq(communityMembers.userId, userId))
    .orderBy(asc(communityMembers.createdAt), asc(communityMembers.communityId));
  return rows.map((row) => row.id);
}

/**
 * How many of `userId`'s posts `viewerId` may see (community posts count for members only), from
 * the counts the database keeps (visible_post_count, modules/posts/sql/feeds.sql).
 */
export async function postCountOf(db: Db, userId: string, viewerId: string): Promise<number> {
  const result = await db.execute<{ count: number | string }>(sql`select visible_post_count(${userId}, ${viewerId}) as count`);
  return Number(result.rows[0]?.count ?? 0);
}

export function summaryOf(user: User): UserSummary {
  return { _id: user.id, username: user.username, fullName: user.fullName, profilePictureUrl: user.profilePictureUrl ?? '' };
}

/** The signed-in user's shape (verify, login, follow's `currentUser`, profile update…). */
export async function sessionUserOf(db: Db, user: User): Promise<SessionUser> {
  const [followers, following, communities] = await Promise.all([
    followerIdsOf(db, user.id),
    followingIdsOf(db, user.id),
    communityIdsOf(db, user.id),
  ]);
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    profilePictureUrl: user.profilePictureUrl ?? '',
    followers,
    following,
    communities,
    requirePhotoDescriptions: user.requirePhotoDescriptions,
    // Only operators carry it (modules/moderation): absent reads as false.
    ...(user.operator ? { operator: true } : {}),
  };
}

/** A listed user with follow relations (follow's `userToFollow`). */
export async function publicUserOf(db: Db, user: User): Promise<PublicUser> {
  const [followers, following] = await Promise.all([followerIdsOf(db, user.id), followingIdsOf(db, user.id)]);
  return { ...summaryOf(user), followers, following };
}

/**
 * A profile; the e-mail address only for its owner. `standing`: where the viewer stands with
 * another person (modules/safety): a person the viewer blocked shows their name and picture only.
 */
export async function profileOf(
  db: Db,
  user: User,
  viewerId: string,
  defaultCover: string,
  standing?: { blocked: boolean; muted: boolean },
): Promise<z.input<typeof ProfileUser>> {
  if (standing?.blocked) return { ...summaryOf(user), followers: [], following: [], communities: [], postCount: 0, ...standing };
  const [publicUser, communities, postCount] = await Promise.all([
    publicUserOf(db, user),
    communitiesOfMember(db, user.id, defaultCover),
    postCountOf(db, user.id, viewerId),
  ]);
  return { ...publicUser, ...(user.id === viewerId ? { email: user.email } : {}), communities, postCount, ...standing };
}

/** The followers of `userId` as summaries, most recent follow first; without `viewerId`'s block pairs. */
export async function followersOf(db: Db, userId: string, viewerId: string): Promise<UserSummary[]> {
  const rows = await db
    .select({ user: users })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followeeId, userId), notBlocked(sql`${follows.followerId}`, viewerId)))
    .orderBy(desc(follows.createdAt), asc(users.id));
  return rows.map((row) => summaryOf(row.user));
}

/** The users `userId` follows as summaries, most recent follow first; without `viewerId`'s block pairs. */
export async function followingOf(db: Db, userId: string, viewerId: string): Promise<UserSummary[]> {
  const rows = await db
    .select({ user: users })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(and(eq(follows.followerId, userId), notBlocked(sql`${follows.followeeId}`, viewerId)))
    .orderBy(desc(follows.createdAt), asc(users.id));
  return rows.map((row) => summaryOf(row.user));
}

/**
 * Deletes an account and everything it owns, inside the caller's transaction. Every row goes with
 * the user row (ON DELETE CASCADE): sessions, codes, identities, follows, posts with their images,
 * likes, comments and notifications, the communities the user created with all their posts, and
 * the garage (cars, their build logs; modules/garage), the person's meets and answers (modules/meets).
 * Returns the media files those rows pointed at (the avatar, post images, community covers, car
 * covers and build-log photos) so
 * the caller deletes them after the commit: a failed deletion must not lose a picture.
 */
export async function deleteAccount(tx: Tx, userId: string): Promise<string[]> {
  const ownCommunities = tx.select({ id: communities.id }).from(communities).where(eq(communities.creatorId, userId));
  const doomedPosts = tx
    .select({ id: posts.id })
    .from(posts)
    .where(sql`${posts.authorId} = ${userId} or ${posts.communityId} in ${ownCommunities}`);
  const images = await tx.select({ url: postImages.url }).from(postImages).where(sql`${postImages.postId} in ${doomedPosts}`);
  const covers = await tx.select({ url: communities.coverUrl }).from(communities).where(eq(communities.creatorId, userId));
  const garage = await garageMediaOf(tx, userId);
  // The person's meets and those of the communities they created go too (ON DELETE CASCADE).
  const meetCovers = await meetCoversOfAccount(tx, userId);
  const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ avatar: users.profilePictureUrl });
  return [user?.avatar, ...images.map((row) => row.url), ...covers.map((row) => row.url), ...garage, ...meetCovers].filter((url): url is string => Boolean(url));
}
