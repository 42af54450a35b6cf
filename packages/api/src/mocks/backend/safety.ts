// Block and mute (issue 18): the viewer's Blocked and Muted lists and the idempotent changes
// (apps/server/src/modules/safety/README.md). A block also ends the follows both ways; the
// domains hide and refuse with backend/hiding.ts.
import { REFUSAL_MESSAGES } from '../../contract/index.ts';
import type { MockUser } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { byNewest, type World } from './world.ts';

export function safetyRoutes(world: World): DomainRoutes<'safety'> {
  const { state, now, mustUser, hasBlocked, hasMuted, summary, sessionUser } = world;

  /** Where the viewer now stands with `userId`, and the viewer's session user. */
  const result = (viewer: MockUser, userId: string) => ({
    userId,
    blocked: hasBlocked(viewer.id, userId),
    muted: hasMuted(viewer.id, userId),
    currentUser: sessionUser(viewer),
  });

  return {
    'safety.blocked': ({ viewer }) =>
      state.blocks
        .filter((b) => b.blockerId === viewer.id)
        .sort(byNewest)
        .map((b) => ({ ...summary(mustUser(b.blockedId)), since: b.createdAt })),

    'safety.block': ({ params, viewer }) => {
      const target = mustUser(params.userId);
      if (target.id === viewer.id) refuse(400, REFUSAL_MESSAGES.cannotBlockSelf);
      if (!hasBlocked(viewer.id, target.id)) {
        state.blocks.push({ blockerId: viewer.id, blockedId: target.id, createdAt: now() });
        // The follows both ways end, as by an unfollow and a remove-follower.
        state.follows = state.follows.filter((f) => !((f.followerId === viewer.id && f.followeeId === target.id) || (f.followerId === target.id && f.followeeId === viewer.id)));
      }
      return result(viewer, target.id);
    },

    'safety.unblock': ({ params, viewer }) => {
      const target = mustUser(params.userId);
      state.blocks = state.blocks.filter((b) => !(b.blockerId === viewer.id && b.blockedId === target.id));
      return result(viewer, target.id);
    },

    'safety.muted': ({ viewer }) =>
      state.mutes
        .filter((m) => m.muterId === viewer.id)
        .sort(byNewest)
        .map((m) => ({ ...summary(mustUser(m.mutedId)), since: m.createdAt })),

    'safety.mute': ({ params, viewer }) => {
      const target = mustUser(params.userId);
      if (target.id === viewer.id) refuse(400, REFUSAL_MESSAGES.cannotMuteSelf);
      if (!hasMuted(viewer.id, target.id)) state.mutes.push({ muterId: viewer.id, mutedId: target.id, createdAt: now() });
      return result(viewer, target.id);
    },

    'safety.unmute': ({ params, viewer }) => {
      const target = mustUser(params.userId);
      state.mutes = state.mutes.filter((m) => !(m.muterId === viewer.id && m.mutedId === target.id));
      return result(viewer, target.id);
    },
  };
}
