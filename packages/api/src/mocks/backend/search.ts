// Users and posts whose names or texts contain the query, newest posts first; cars whose name
// ("1991 Porsche 911 Carrera 2") contains it, newest added first, and posts whose car's make and
// model do (issue 17); tags starting with the query (`#` or not), most posts first (issue 21).
import { carLabel, isValidTag, normalizeTag, SEARCH_RESULT_LIMIT, SEARCH_TAG_LIMIT } from '../../contract/index.ts';
import { tagsStartingWith } from './tags.ts';
import type { DomainRoutes } from './context.ts';
import { byNewest, type World } from './world.ts';

export function searchRoutes(world: World): DomainRoutes<'search'> {
  const { state, listedTo, notBlocked, summary, post, carById, carRef, car } = world;
  /** What a post's car adds to its searchable text: its make and model. */
  const carWords = (carId: string | null | undefined) => {
    const tagged = carId ? carById(carId) : undefined;
    return tagged ? `${tagged.make} ${tagged.model}`.toLowerCase() : '';
  };
  return {
    'search.query': ({ query, viewer }) => {
      const q = query.q.trim().toLowerCase();
      // A blank query finds nothing (and, as before tags, says so without `tags`: car-tags.behaviour.ts).
      if (q === '') return { users: [], posts: [], cars: [] };
      // People and cars leave out block pairs only (a muted person can be found, to unmute);
      // posts leave out the muted too.
      const person = notBlocked(viewer);
      const users = state.users
        .filter((u) => person(u.id))
        .filter((u) => u.username.includes(q) || u.fullName.toLowerCase().includes(q))
        .slice(0, SEARCH_RESULT_LIMIT)
        .map(summary);
      const posts = state.posts
        .filter(listedTo(viewer))
        .filter((p) => p.title.toLowerCase().includes(q) || p.content.toLowerCase().includes(q) || carWords(p.carId).includes(q))
        .sort(byNewest)
        .slice(0, SEARCH_RESULT_LIMIT)
        .map((p) => post(p, viewer));
      const cars = state.cars
        .filter((c) => person(c.ownerId))
        .filter((c) => carLabel(carRef(c)).toLowerCase().includes(q))
        .sort(byNewest)
        .slice(0, SEARCH_RESULT_LIMIT)
        .map((c) => car(c, viewer));
      // The query read as a tag (`#E3` is `e3`); one that cannot begin a tag (`e-30`, `#`) finds none.
      const tags = isValidTag(normalizeTag(q)) ? tagsStartingWith(world, q, SEARCH_TAG_LIMIT) : [];
      return { users, posts, cars, tags };
    },
  };
}
