// Who to follow (those who follow you first) and communities to join (most members first).
import { SUGGESTION_LIMIT } from '../../contract/index.ts';
import type { DomainRoutes } from './context.ts';
import { byNewest, type World } from './world.ts';

export function suggestionsRoutes(world: World): DomainRoutes<'suggestions'> {
  const { state, followerIds, followingIds, notHidden, notSuspended, summary, community } = world;
  return {
    'suggestions.list': ({ viewer }) => {
      const mine = new Set(followingIds(viewer.id));
      const fans = new Set(followerIds(viewer.id));
      // Never a block pair, nor someone the viewer muted.
      const shown = notHidden(viewer);
      const users = state.users
        .filter((u) => u.id !== viewer.id && !mine.has(u.id) && shown(u.id))
        // People who follow you first ("Follow Back"), then the newest members.
        .sort((a, b) => Number(fans.has(b.id)) - Number(fans.has(a.id)) || byNewest(a, b))
        .slice(0, SUGGESTION_LIMIT)
        .map((u) => ({ ...summary(u), followsYou: fans.has(u.id) }));
      const communities = state.communities
        .filter((c) => !c.members.includes(viewer.id))
        .sort((a, b) => b.members.filter(notSuspended).length - a.members.filter(notSuspended).length || byNewest(a, b))
        .slice(0, SUGGESTION_LIMIT)
        .map(community);
      return { users, communities };
    },
  };
}
