// What the simulated people have done, as far as the server acknowledged it: the accounts,
// posts (with their image counts), likes, comments, follows, communities and memberships. At
// the end its totals are what the database must hold. A post is marked gone before its delete
// is sent, so a like or comment racing the delete may get 404, and whatever was acknowledged on
// it goes with it (the database cascades the same way).

export interface KnownPost {
  id: string;
  authorId: string;
  images: number;
  communityId: string | null;
  likers: Set<string>;
  comments: number;
  gone: boolean;
}

export interface KnownCommunity {
  id: string;
  members: Set<string>;
}

export interface Totals {
  users: number;
  posts: number;
  post_images: number;
  likes: number;
  comments: number;
  follows: number;
  communities: number;
  community_members: number;
}

export class World {
  /** Accounts started (numbers their usernames). */
  accounts = 0;
  readonly users: Array<{ id: string; username: string }> = [];
  readonly posts = new Map<string, KnownPost>();
  /** Every post id, newest last (for picking recent ones). */
  readonly postIds: string[] = [];
  readonly communities: KnownCommunity[] = [];
  /** "follower followee" pairs. */
  readonly follows = new Set<string>();

  addPost(post: Omit<KnownPost, 'likers' | 'comments' | 'gone'>): void {
    this.posts.set(post.id, { ...post, likers: new Set(), comments: 0, gone: false });
    this.postIds.push(post.id);
  }

  isGone(postId: string): boolean {
    return this.posts.get(postId)?.gone ?? false;
  }

  totals(): Totals {
    const live = [...this.posts.values()].filter((p) => !p.gone);
    const sum = (f: (p: KnownPost) => number) => live.reduce((n, p) => n + f(p), 0);
    return {
      users: this.users.length,
      posts: live.length,
      post_images: sum((p) => p.images),
      likes: sum((p) => p.likers.size),
      comments: sum((p) => p.comments),
      follows: this.follows.size,
      communities: this.communities.length,
      community_members: this.communities.reduce((n, c) => n + c.members.size, 0),
    };
  }
}
