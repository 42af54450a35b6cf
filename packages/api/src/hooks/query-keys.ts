// The one query-key table. Keys are hierarchical so a mutation can invalidate exactly a branch.
export const queryKeys = {
  session: () => ['session'] as const,
  auth: {
    providerInfo: () => ['auth', 'provider-info'] as const,
  },
  users: {
    all: () => ['users'] as const,
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
  posts: {
    all: () => ['posts'] as const,
    feed: () => ['posts', 'feed'] as const,
    trending: () => ['posts', 'trending'] as const,
    byUser: (userId: string) => ['posts', 'by-user', userId] as const,
    detail: (postId: string) => ['posts', 'detail', postId] as const,
    related: (postId: string) => ['posts', 'related', postId] as const,
    /** The signed-in person's Saved page (private: it is only ever theirs). */
    saved: () => ['posts', 'saved'] as const,
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
    page: (communityId: string) => ['communities', 'page', communityId] as const,
    members: (communityId: string) => ['communities', 'members', communityId] as const,
  },
  notifications: {
    all: () => ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
  },
  live: {
    /** Ids of posts the live stream announced that the loaded feed does not show yet. */
    newPosts: () => ['live', 'new-posts'] as const,
  },
} as const;

/** Query roots whose data can hold posts: post lists and details, community pages, search. */
export const POST_HOLDING_ROOTS = ['posts', 'communities', 'search'] as const;
