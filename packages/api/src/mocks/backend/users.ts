// Profiles, follows, profile edit and account deletion.
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '../../contract/index.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { imageDataUrl } from './uploads.ts';
import type { World } from './world.ts';

export function usersRoutes(world: World): DomainRoutes<'users'> {
  const { state, now, newOtp, takeOtp, userByUsername, mustUser, followerIds, followingIds, follows, communitiesOf, visibleTo, summary, sessionUser, publicUser, community, deleteUser, notify, unnotify } = world;
  return {
    'users.profile': ({ params, viewer }) => {
      const user = userByUsername(params.username) ?? refuse(404, NOT_FOUND_MESSAGES.user);
      return {
        ...publicUser(user),
        ...(user.id === viewer.id ? { email: user.email } : {}),
        communities: communitiesOf(user.id).map(community),
        postCount: state.posts.filter((p) => p.authorId === user.id).filter(visibleTo(viewer)).length,
      };
    },

    'users.communitiesList': ({ params }) => communitiesOf(mustUser(params.userId).id).map(community),

    'users.follow': ({ params, viewer }) => {
      const target = mustUser(params.id);
      if (target.id === viewer.id) refuse(400, REFUSAL_MESSAGES.cannotFollowSelf);
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

    'users.followers': ({ params }) => followerIds(mustUser(params.id).id).map((id) => summary(mustUser(id))),
    'users.following': ({ params }) => followingIds(mustUser(params.id).id).map((id) => summary(mustUser(id))),

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
