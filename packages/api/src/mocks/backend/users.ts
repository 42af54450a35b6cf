// Profiles, follows, profile edit and account deletion.
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '../../contract/index.ts';
import type { MockUser } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { imageDataUrl } from './uploads.ts';
import type { World } from './world.ts';

export function usersRoutes(world: World): Omit<DomainRoutes<'users'>, 'users.export'> {
  const { state, now, newOtp, takeOtp, userByUsername, mustUser, followerIds, followingIds, follows, communitiesOf, visibleTo, hasBlocked, hasMuted, notBlocked, mustSeePerson, mustReach, summary, sessionUser, publicUser, community, deleteUser, notify, unnotify } = world;
  /** The posts a profile counts: those the viewer may see (community posts only for members). */
  const postCountOf = (user: MockUser, viewer: MockUser) => state.posts.filter((p) => p.authorId === user.id).filter(visibleTo(viewer)).length;

  /** A person's followers or following: 404 for a block pair, and without the viewer's block pairs. */
  function followList(ids: (userId: string) => string[], userId: string, viewer: MockUser) {
    const user = mustUser(userId);
    mustSeePerson(viewer, user.id);
    return ids(user.id).filter(notBlocked(viewer)).map((id) => summary(mustUser(id)));
  }

  return {
    'users.profile': ({ params, viewer }) => {
      const user = userByUsername(params.username) ?? refuse(404, NOT_FOUND_MESSAGES.user);
      if (user.id === viewer.id) return { ...publicUser(user), email: user.email, communities: communitiesOf(user.id).map(community), postCount: postCountOf(user, viewer) };
      // Someone who blocked the viewer is not there; someone the viewer blocked shows only who
      // they are (to recognise them and unblock).
      if (hasBlocked(user.id, viewer.id) && !hasBlocked(viewer.id, user.id)) refuse(404, NOT_FOUND_MESSAGES.profileUnavailable);
      // A suspended person (issue 18) is not there, but for operators, who are told.
      if (user.suspended === true) {
        if (viewer.operator !== true) refuse(404, NOT_FOUND_MESSAGES.profileUnavailable);
        return { ...publicUser(user), communities: communitiesOf(user.id).map(community), postCount: postCountOf(user, viewer), blocked: hasBlocked(viewer.id, user.id), muted: hasMuted(viewer.id, user.id), suspended: true };
      }
      const muted = hasMuted(viewer.id, user.id);
      if (hasBlocked(viewer.id, user.id)) return { ...summary(user), followers: [], following: [], communities: [], postCount: 0, blocked: true, muted };
      return { ...publicUser(user), communities: communitiesOf(user.id).map(community), postCount: postCountOf(user, viewer), blocked: false, muted };
    },

    'users.communitiesList': ({ params, viewer }) => {
      const user = mustUser(params.userId);
      mustSeePerson(viewer, user.id);
      return communitiesOf(user.id).map(community);
    },

    'users.follow': ({ params, viewer }) => {
      const target = mustUser(params.id);
      if (target.id === viewer.id) refuse(400, REFUSAL_MESSAGES.cannotFollowSelf);
      mustReach(viewer, target.id, NOT_FOUND_MESSAGES.profileUnavailable);
      if (follows(viewer.id, target.id)) {
        state.follows = state.follows.filter((f) => !(f.followerId === viewer.id && f.followeeId === target.id));
        unnotify('follow', viewer.id, target.id, null);
      } else {
        state.follows.push({ followerId: viewer.id, followeeId: target.id, createdAt: now() });
        notify('follow', viewer.id, target.id, null);
      }
      return { userToFollow: publicUser(target), currentUser: sessionUser(viewer) };
    },

    'users.removeFollower': ({ params, viewer }) => {
      const follower = mustUser(params.id);
      state.follows = state.follows.filter((f) => !(f.followerId === follower.id && f.followeeId === viewer.id));
      return { currentUser: sessionUser(viewer) };
    },

    'users.followers': ({ params, viewer }) => followList(followerIds, params.id, viewer),
    'users.following': ({ params, viewer }) => followList(followingIds, params.id, viewer),

    'users.update': async ({ body, files, viewer }) => {
      if (body.id !== viewer.id) refuse(403, REFUSAL_MESSAGES.editOwnProfileOnly);
      const other = userByUsername(body.username);
      if (other && other.id !== viewer.id) refuse(409, REFUSAL_MESSAGES.usernameTaken);
      const picture = files.profilePicture?.[0];
      const pictureUrl = picture ? await imageDataUrl(picture) : undefined;
      viewer.fullName = body.fullName.trim();
      viewer.username = body.username;
      if (body.password) viewer.password = body.password;
      if (body.requirePhotoDescriptions !== undefined) viewer.requirePhotoDescriptions = body.requirePhotoDescriptions;
      if (pictureUrl) viewer.profilePictureUrl = pictureUrl;
      return sessionUser(viewer);
    },

    'users.requestDeleteOtp': ({ viewer }) => {
      newOtp(viewer.email);
      return { message: SUCCESS_MESSAGES.deleteOtpSent };
    },

    'users.confirmDelete': ({ body, viewer, endSession }) => {
      takeOtp(viewer.email, body.otp);
      endSession();
      deleteUser(viewer.id);
      return { message: SUCCESS_MESSAGES.accountDeleted };
    },
  };
}
