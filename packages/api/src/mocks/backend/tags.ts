// Tags and mentions (issue 21), as the server's tags module has them: a tag's posts (newest
// first, as the other lists show them: community posts to members only, none of people hidden
// from the viewer), the trending tags (the most such posts of the last TRENDING_TAGS_WINDOW_DAYS
// days by the fake's clock, ties by name), and the type-ahead behind `#` and `@`. A post's tags
// are read from its title and content (world.postTags, rich-text.ts); nothing stores them. As
// apps/server/src/modules/tags/README.md has it, the `#` type-ahead and search count every post
// carrying a tag (what exists is offered; the tag's page shows what the viewer may see).
import { MAX_TAG_LENGTH, normalizeTag, PAGE_SIZES, TRENDING_TAGS_COUNT, TRENDING_TAGS_WINDOW_DAYS, TYPEAHEAD_LIMIT, type TagCount } from '../../contract/index.ts';
import type { MockPost } from '../state.ts';
import type { DomainRoutes } from './context.ts';
import { byNewest, type World } from './world.ts';

const DAY_MS = 86_400_000;

/** The tags of `posts` with how many of them carry each, most first, ties by name. */
export function countTags(posts: readonly MockPost[], tagsOf: (p: MockPost) => string[]): TagCount[] {
  const counts = new Map<string, number>();
  for (const p of posts) for (const tag of tagsOf(p)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, postCount]) => ({ tag, postCount }))
    .sort((a, b) => b.postCount - a.postCount || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}

/** What a type-ahead or a search asks for, as a tag's start: no `#`, normalized, at most MAX_TAG_LENGTH (longer input is cut). */
export const tagQuery = (q: string) => [...normalizeTag(q.trim())].slice(0, MAX_TAG_LENGTH).join('');

/** The tags starting with `q` (`#` and case ignored), most posts first, ties by name, counting every post that carries them (tags.suggest and search). */
export function tagsStartingWith(world: World, q: string, limit: number): TagCount[] {
  const start = tagQuery(q);
  return countTags(world.state.posts, (p) => world.postTags(p).filter((tag) => tag.startsWith(start))).slice(0, limit);
}

export function tagsRoutes(world: World): DomainRoutes<'tags' | 'mentions'> {
  const { state, clock, listedTo, notBlocked, followingIds, summary, postPage, postTags } = world;
  return {
    'tags.posts': ({ params, query, viewer }) => {
      const posts = state.posts.filter(listedTo(viewer)).filter((p) => postTags(p).includes(params.tag)).sort(byNewest);
      return postPage(posts, query.page, PAGE_SIZES.tagPosts, viewer);
    },

    'tags.trending': ({ viewer }) => {
      const since = clock() - TRENDING_TAGS_WINDOW_DAYS * DAY_MS;
      const recent = state.posts.filter(listedTo(viewer)).filter((p) => Date.parse(p.createdAt) >= since);
      return { tags: countTags(recent, postTags).slice(0, TRENDING_TAGS_COUNT) };
    },

    'tags.suggest': ({ query }) => ({ tags: tagsStartingWith(world, query.q, TYPEAHEAD_LIMIT) }),

    // People whose username or name starts with `q` (any case), those the viewer follows first,
    // then by username; never the viewer, a block pair or a suspended person (a muted one is
    // offered). A leading `@` is dropped. No `q`: the people the viewer follows.
    'mentions.suggest': ({ query, viewer }) => {
      const q = query.q.trim().replace(/^@/, '').toLowerCase();
      const followed = new Set(followingIds(viewer.id));
      const reachable = notBlocked(viewer);
      const users = state.users
        .filter((u) => u.id !== viewer.id && reachable(u.id))
        .filter((u) => (q === '' ? followed.has(u.id) : u.username.startsWith(q) || u.fullName.toLowerCase().startsWith(q)))
        .sort((a, b) => Number(followed.has(b.id)) - Number(followed.has(a.id)) || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0))
        .slice(0, TYPEAHEAD_LIMIT)
        .map(summary);
      return { users };
    },
  };
}
