// Users and posts whose names or texts contain the query, newest posts first.
import { SEARCH_RESULT_LIMIT } from '../../contract/index.ts';
import type { DomainRoutes } from './context.ts';
import { byNewest, type World } from './world.ts';

export function searchRoutes(world: World): DomainRoutes<'search'> {
  const { state, visibleTo, summary, post } = world;
  return {
    'search.query': ({ query, viewer }) => {
      const q = query.q.trim().toLowerCase();
      if (q === '') return { users: [], posts: [] };
      const users = state.users
        .filter((u) => u.username.includes(q) || u.fullName.toLowerCase().includes(q))
        .slice(0, SEARCH_RESULT_LIMIT)
        .map(summary);
      const posts = state.posts
        .filter(visibleTo(viewer))
        .filter((p) => p.title.toLowerCase().includes(q) || p.content.toLowerCase().includes(q))
        .sort(byNewest)
        .slice(0, SEARCH_RESULT_LIMIT)
        .map((p) => post(p, viewer));
      return { users, posts };
    },
  };
}
