// Spec §7 "Users" (the deletion codes live with the other codes in modules/auth/routes.ts):
// profiles, the follow graph, and profile editing.
import fastifyMultipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, routes } from '@pitlane/api/contract';
import { isUniqueViolation, postgresErrorCode } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { follows, users, type User } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { hasUnstorableText } from '../../plugins/input-guards.ts';
import { hashSecret } from '../auth/codes.ts';
import { endSessionsOf, renewSessionToken, setSessionCookie } from '../auth/sessions.ts';
import { communitiesOfMember } from '../communities/read.ts';
import { contractRoute } from '../contract-route.ts';
import { MULTIPART_OPTIONS, readUploadForm } from '../media/uploads.ts';
import { notify, unnotify } from '../notifications/service.ts';
import { queueSecurityNotice } from '../mail/notices.ts';
import { mustSeePerson, profileUnavailable, refuseBlockPair, standingWith } from '../safety/service.ts';
import {
  findUserById,
  findUserByUsername,
  followersOf,
  followingOf,
  profileOf,
  publicUserOf,
  sessionUserOf,
} from './service.ts';

const userNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.user);

export const usersRoutes: FastifyPluginAsync = async (app) => {
  // Only this module's scope parses multipart (the profile form), with the media limits.
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);

  contractRoute(app, 'users.profile', {}, async ({ params, viewer }) => {
    const user = await findUserByUsername(app.db, params.username);
    if (!user) throw userNotFound();
    const cover = app.media.defaultUrls.communityCover;
    if (user.id === viewer.user.id) return profileOf(app.db, user, viewer.user.id, cover);
    // A suspended person (modules/moderation): only operators see the profile, marked so.
    if (user.suspendedAt) {
      if (!viewer.user.operator) throw profileUnavailable();
      return { ...(await profileOf(app.db, user, viewer.user.id, cover)), suspended: true };
    }
    // The viewer's own block first: blocked both ways, they see whom they blocked (and may unblock).
    const standing = await standingWith(app.db, viewer.user.id, user.id);
    if (!standing.blocked && standing.blockedBy) throw profileUnavailable();
    return profileOf(app.db, user, viewer.user.id, cover, { blocked: standing.blocked, muted: standing.muted });
  });

  contractRoute(app, 'users.communitiesList', {}, async ({ params, viewer }) => {
    const user = await mustSeePerson(app.db, params.userId, viewer.user.id);
    return communitiesOfMember(app.db, user.id, app.media.defaultUrls.communityCover);
  });

  contractRoute(app, 'users.follow', {}, async ({ params, viewer }) => {
    if (params.id === viewer.user.id) throw new HttpError(400, REFUSAL_MESSAGES.cannotFollowSelf);
    const target = await findUserById(app.db, params.id);
    if (!target) throw userNotFound();
    const pair = and(eq(follows.followerId, viewer.user.id), eq(follows.followeeId, target.id));
    const notification = { type: 'follow' as const, senderId: viewer.user.id, recipientId: target.id, postId: null };
    try {
      await inTransaction(app.db, async (tx) => {
        // A block pair cannot follow (or unfollow: a block already ended the follows both ways);
        // nobody follows or unfollows a suspended person (404 as their profile; modules/moderation).
        await refuseBlockPair(tx, viewer.user.id, target.id, profileUnavailable);
        const unfollowed = await tx.delete(follows).where(pair).returning({ followeeId: follows.followeeId });
        if (unfollowed.length > 0) {
          // Unfollowing takes the notification back.
          await unnotify(tx, notification);
          return;
        }
        const followed = await tx.insert(follows).values({ followerId: viewer.user.id, followeeId: target.id }).onConflictDoNothing().returning({ followeeId: follows.followeeId });
        if (followed.length > 0) await notify(tx, notification);
      });
    } catch (error) {
      // The target deleted their account a moment ago.
      if (postgresErrorCode(error) === '23503') throw userNotFound();
      throw error;
    }
    app.live.publish({ kind: 'notifications', userId: target.id });
    const [userToFollow, currentUser] = await Promise.all([publicUserOf(app.db, target), sessionUserOf(app.db, viewer.user)]);
    return { userToFollow, currentUser };
  });

  contractRoute(app, 'users.removeFollower', {}, async ({ params, viewer }) => {
    const follower = await findUserById(app.db, params.id);
    if (!follower) throw userNotFound();
    await app.db.delete(follows).where(and(eq(follows.followerId, follower.id), eq(follows.followeeId, viewer.user.id)));
    return { currentUser: await sessionUserOf(app.db, viewer.user) };
  });

  contractRoute(app, 'users.followers', {}, async ({ params, viewer }) => {
    const user = await mustSeePerson(app.db, params.id, viewer.user.id);
    return followersOf(app.db, user.id, viewer.user.id);
  });

  contractRoute(app, 'users.following', {}, async ({ params, viewer }) => {
    const user = await mustSeePerson(app.db, params.id, viewer.user.id);
    return followingOf(app.db, user.id, viewer.user.id);
  });

  contractRoute(app, 'users.update', {}, async ({ request, reply, viewer }) => {
    const definition = routes['users.update'].body;
    const form = await readUploadForm(request, { maxFiles: 1, fileFields: Object.keys(definition.files) });
    if (hasUnstorableText(form.fields)) throw new HttpError(400, REFUSAL_MESSAGES.invalidRequest);
    // Text parts only: the file part is not the zod object's business.
    const parsed = definition.fields.safeParse(form.fields);
    if (!parsed.success) {
      const sentence = parsed.error.issues.find((issue) => /[.!?]$/.test(issue.message));
      throw new HttpError(400, sentence?.message ?? REFUSAL_MESSAGES.invalidRequest);
    }
    const input = parsed.data;
    if (input.id !== viewer.user.id) throw new HttpError(403, REFUSAL_MESSAGES.editOwnProfileOnly);

    const changes: Partial<typeof users.$inferInsert> = { fullName: input.fullName.trim(), username: input.username };
    if (input.requirePhotoDescriptions !== undefined) changes.requirePhotoDescriptions = input.requirePhotoDescriptions;
    const newPassword = input.password !== undefined && input.password !== '' ? input.password : null;
    if (newPassword) changes.passwordHash = await hashSecret(newPassword);
    // The picture is checked by content and stored in the avatar sizes before anything changes;
    // if the update then fails, its files go again.
    let updated: User | undefined;
    let renewedToken: string | null = null;
    try {
      updated = await app.media.write({ files: form.files.slice(0, 1), kind: 'avatar' }, async (tx, media) => {
        const picture = media.images[0];
        // The picture replaced is the one in the row now (locked), not the one the session read.
        const [before] = await tx.select({ url: users.profilePictureUrl }).from(users).where(eq(users.id, viewer.user.id)).for('update');
        const [row] = await tx
          .update(users)
          .set(picture ? { ...changes, profilePictureUrl: picture.url } : changes)
          .where(eq(users.id, viewer.user.id))
          .returning();
        if (picture) media.drop([before?.url]);
        // A new password signs every other browser out, and this one goes on with a new token:
        // whoever copied its cookie before is out too.
        if (newPassword) {
          await endSessionsOf(tx, viewer.user.id, viewer.sessionTokenHash);
          renewedToken = await renewSessionToken(tx, viewer.sessionTokenHash);
          await queueSecurityNotice(app, tx, viewer.user.id, 'password-changed');
        }
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_unique')) throw new HttpError(409, REFUSAL_MESSAGES.usernameTaken);
      throw error;
    }
    if (!updated) throw userNotFound();
    // Committed: the browser may now take the new token (a rollback keeps the old one working).
    if (renewedToken) setSessionCookie(app, reply, renewedToken);
    return sessionUserOf(app.db, updated);
  });
};
