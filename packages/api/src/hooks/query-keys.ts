// The one query-key table. Keys are hierarchical so a mutation can invalidate exactly a branch.
import { carNameKey } from '../contract/car-names.ts';

export const queryKeys = {
  session: () => ['session'] as const,
  auth: {
    providerInfo: () => ['auth', 'provider-info'] as const,
  },
  users: {
    all: () => ['users'] as const,
    profileAll: () => ['users', 'profile'] as const,
    profile: (username: string) => ['users', 'profile', username] as const,
    communitiesList: (userId: string) => ['users', 'communities-list', userId] as const,
    followersAll: () => ['users', 'followers'] as const,
    followers: (userId: string) => ['users', 'followers', userId] as const,
    followingAll: () => ['users', 'following'] as const,
    following: (userId: string) => ['users', 'following', userId] as const,
  },
  suggestions: {
    all: () => ['suggestions'] as const,
    /** Keyed by what the suggestions depend on, so a change of either list refetches them (spec §4). */
    forUser: (userId: string, following: readonly string[], communities: readonly string[]) =>
      ['suggestions', userId, { following: [...following].sort(), communities: [...communities].sort() }] as const,
  },
  search: (q: string) => ['search', q] as const,
  /** Every search: cars and posts are found by a car's name too (issue 17). */
  searchAll: () => ['search'] as const,
  posts: {
    all: () => ['posts'] as const,
    feed: () => ['posts', 'feed'] as const,
    trending: () => ['posts', 'trending'] as const,
    byUser: (userId: string) => ['posts', 'by-user', userId] as const,
    detail: (postId: string) => ['posts', 'detail', postId] as const,
    relatedAll: () => ['posts', 'related'] as const,
    related: (postId: string) => ['posts', 'related', postId] as const,
    /** The signed-in person's Saved page (private: it is only ever theirs). */
    saved: () => ['posts', 'saved'] as const,
    /** A model's page: the posts tagged to its cars (issue 17). Names keyed as they compare: "mx-5" is "MX-5". */
    byModelAll: () => ['posts', 'by-model'] as const,
    byModel: (make: string, model: string) => ['posts', 'by-model', carNameKey(make), carNameKey(model)] as const,
  },
  /** The make and model list behind the pickers (issue 17): ships with the product, never changes while it runs. */
  carList: {
    makes: (q: string) => ['car-list', 'makes', carNameKey(q)] as const,
    models: (makeId: string, q: string) => ['car-list', 'models', makeId, carNameKey(q)] as const,
  },
  /** Garages, cars, build logs and model pages (issue 17). */
  cars: {
    all: () => ['cars'] as const,
    garageAll: () => ['cars', 'garage'] as const,
    garage: (userId: string) => ['cars', 'garage', userId] as const,
    detail: (carId: string) => ['cars', 'detail', carId] as const,
    /** A car's build log: its tagged posts and log entries, so a post's change reaches it too. */
    timelineAll: () => ['cars', 'timeline'] as const,
    timeline: (carId: string) => ['cars', 'timeline', carId] as const,
    modelAll: () => ['cars', 'model'] as const,
    model: (make: string, model: string) => ['cars', 'model', carNameKey(make), carNameKey(model)] as const,
  },
  comments: {
    all: () => ['comments'] as const,
    list: (postId: string) => ['comments', postId] as const,
    /** A post card's preview, under `list`'s key: invalidating the list invalidates it too. */
    preview: (postId: string) => ['comments', postId, 'preview'] as const,
  },
  communities: {
    all: () => ['communities'] as const,
    list: () => ['communities', 'list'] as const,
    pageAll: () => ['communities', 'page'] as const,
    page: (communityId: string) => ['communities', 'page', communityId] as const,
    members: (communityId: string) => ['communities', 'members', communityId] as const,
  },
  notifications: {
    all: () => ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
  },
  /**
   * Tags and mentions (issue 21): a tag's posts (a post-holding branch: its cards follow likes,
   * saves and deletions), the trending tags and the two type-aheads. A tag is keyed as the hooks
   * normalize it ("#E30" is "e30", hooks/tags.ts; not here, which every page loads), type-ahead
   * queries as sent.
   */
  tags: {
    all: () => ['tags'] as const,
    postsAll: () => ['tags', 'posts'] as const,
    /** `tag` normalized (normalizeTag). */
    posts: (tag: string) => ['tags', 'posts', tag] as const,
    trending: () => ['tags', 'trending'] as const,
    suggestAll: () => ['tags', 'suggest'] as const,
    suggest: (q: string) => ['tags', 'suggest', q] as const,
    mentionsAll: () => ['tags', 'mentions'] as const,
    mentions: (q: string) => ['tags', 'mentions', q] as const,
  },
  /** The viewer's own Blocked and Muted lists (issue 18, Edit Profile). */
  safety: {
    all: () => ['safety'] as const,
    blocked: () => ['safety', 'blocked'] as const,
    muted: () => ['safety', 'muted'] as const,
  },
  /** The viewer's active sessions (issue 19, Edit Profile). Not under `session`: that is the signed-in user. */
  activeSessions: {
    list: () => ['active-sessions'] as const,
  },
  /** The viewer's two-factor sign-in (issue 19, Edit Profile): on or off, recovery codes left. */
  twoFactor: {
    status: () => ['two-factor'] as const,
  },
  /** Reports and moderation (issue 18): the two kinds of queue and the log, all under one root. */
  moderation: {
    all: () => ['moderation'] as const,
    queueAll: () => ['moderation', 'queue'] as const,
    communityQueue: (communityId: string) => ['moderation', 'queue', 'community', communityId] as const,
    siteQueue: () => ['moderation', 'queue', 'site'] as const,
    log: () => ['moderation', 'log'] as const,
  },
  /**
   * Meets (issue 21): the Events page's list, a community's, one meet, and who is going or
   * interested. A change to a meet touches every branch (its counts and status show in each).
   */
  meets: {
    all: () => ['meets'] as const,
    upcoming: () => ['meets', 'upcoming'] as const,
    communityAll: () => ['meets', 'community'] as const,
    community: (communityId: string) => ['meets', 'community', communityId] as const,
    detail: (meetId: string) => ['meets', 'detail', meetId] as const,
    attendeesAll: (meetId: string) => ['meets', 'attendees', meetId] as const,
    attendees: (meetId: string, rsvp: 'going' | 'interested') => ['meets', 'attendees', meetId, rsvp] as const,
  },
  live: {
    /** Ids of posts the live stream announced that the loaded feed does not show yet. */
    newPosts: () => ['live', 'new-posts'] as const,
  },
} as const;

/** Query roots whose data can hold posts: post lists and details, community pages, search. */
export const POST_HOLDING_ROOTS = ['posts', 'communities', 'search'] as const;

/**
 * Whether a query's data can hold posts: the roots above, a car's timeline (its tagged posts
 * among the log entries) and a tag's posts (issue 21). Only those branches of `cars` and `tags`:
 * cancelling a garage, a picker or a type-ahead for an optimistic like would leave it unread.
 */
export function holdsPosts(key: readonly unknown[]): boolean {
  if ((POST_HOLDING_ROOTS as readonly unknown[]).includes(key[0])) return true;
  if (key[0] === queryKeys.tags.all()[0]) return key[1] === queryKeys.tags.postsAll()[1];
  return key[0] === queryKeys.cars.all()[0] && key[1] === queryKeys.cars.timelineAll()[1];
}
