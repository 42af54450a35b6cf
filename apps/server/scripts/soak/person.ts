// One simulated person: registers through the mailed code, then loops over weighted actions with
// a think time between them until told to stop — reading (feed, trending, a post with its
// comments, profiles, notifications, search, communities) and writing (posts with 1–3 photos,
// like/unlike, comments, follow/unfollow, communities joined or started, now and then a post
// deleted or a new account registered). Every acknowledged write goes into the World.
import { MAX_POST_IMAGES } from '@pitlane/api/contract';
import { codeIn, type SmtpSink } from '../../test/smtp-sink.ts';
import type { Client } from './client.ts';
import type { Photo } from './images.ts';
import type { Random } from '../seed/random.ts';
import type { World } from './world.ts';

export const PASSWORD = 'Apex@2024';

/** Relative frequency of each action (reads outnumber writes about three to one). */
export const WEIGHTS = {
  feed: 24,
  trending: 9,
  post: 12,
  profile: 6,
  notifications: 6,
  search: 3,
  community: 3,
  like: 14,
  comment: 8,
  follow: 6,
  create: 6,
  join: 2,
  startCommunity: 0.4,
  deletePost: 0.6,
  newAccount: 0.5,
} as const;
export type Action = keyof typeof WEIGHTS;

const WORDS = ['supra', 'gt3', 'miata', 'e30', 'track', 'day', 'coilovers', 'sunday', 'drive', 'nurburgring', 'restoration', 'turbo', 'carbs', 'detailing', 'rally', 'coffee'];

// Full names are letters and spaces only.
const FIRST_NAMES = ['Maya', 'Lewis', 'Ayrton', 'Michele', 'Jenson', 'Sabine', 'Niki', 'Walter', 'Jutta', 'Colin', 'Hannu', 'Danica'];
const LAST_NAMES = ['Schmitz', 'Moss', 'Hill', 'Clark', 'Senna', 'Mouton', 'Lauda', 'Kleinschmidt', 'McRae', 'Patrick', 'Blomqvist'];

export interface PersonContext {
  client: Client;
  random: Random;
  world: World;
  sink: SmtpSink;
  photos: readonly Photo[];
  /** Unique per run, so usernames and e-mails never clash with an earlier run kept with --keep. */
  tag: string;
  number: number;
  thinkSeconds: number;
  /** Date.now() at which to stop starting actions. */
  deadline: number;
}

interface Me {
  id: string;
  username: string;
  posts: string[];
  communities: Set<string>;
}

/** One of the keys, with probability proportional to its weight. */
export function weighted<K extends string>(random: Random, weights: Readonly<Record<K, number>>): K {
  const entries = Object.entries(weights) as Array<[K, number]>;
  let roll = random.next() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [key, weight] of entries) {
    roll -= weight;
    if (roll < 0) return key;
  }
  return entries.at(-1)![0];
}

/** An exponentially distributed wait (a person's think time), capped at 4× the mean. */
export const exponential = (random: Random, mean: number) => Math.min(4 * mean, -mean * Math.log(1 - random.next()));

/** A random item, or undefined from an empty list (seed/random.ts's pick throws). */
const anyOf = <T>(random: Random, items: readonly T[]): T | undefined => (items.length === 0 ? undefined : random.pick(items));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits `ms`, or less if the run ends sooner. */
const think = (c: PersonContext, ms: number) => sleep(Math.max(0, Math.min(ms, c.deadline - Date.now())));
const stopping = (c: PersonContext) => Date.now() >= c.deadline;

function sentence(random: Random, words: number): string {
  return Array.from({ length: words }, () => random.pick(WORDS)).join(' ');
}

/** send-otp → the code from the mail → verify-otp → login. Null when a step failed (recorded). */
async function register(c: PersonContext): Promise<Me | null> {
  const n = ++c.world.accounts;
  const username = `driver_${c.tag}_${n}`;
  const email = `${username}@soak.pitlane.test`;
  c.client.signOut();
  const details = { fullName: `${c.random.pick(FIRST_NAMES)} ${c.random.pick(LAST_NAMES)}`, username, email, password: PASSWORD };
  if (!(await c.client.call('register', 'POST', '/api/auth/send-otp', { json: details }))) return null;
  let otp: string;
  try {
    otp = codeIn(await c.sink.lastMailTo(email));
  } catch (error) {
    c.client.stats.error('register', Date.now(), `the code for ${email}: ${(error as Error).message}`);
    return null;
  }
  if (!(await c.client.call('register', 'POST', '/api/auth/verify-otp', { json: { email, otp } }))) return null;
  const login = await c.client.call('login', 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
  if (!login) return null;
  const id = (login.body as { user: { id: string } }).user.id;
  c.world.users.push({ id, username });
  return { id, username, posts: [], communities: new Set() };
}

/** A post to look at: mostly a recent one, sometimes any (possibly deleted meanwhile). */
function somePost(c: PersonContext): string | undefined {
  const ids = c.world.postIds;
  return c.random.chance(0.7) ? anyOf(c.random, ids.slice(-50)) : anyOf(c.random, ids);
}

async function act(c: PersonContext, me: Me, action: Action): Promise<Me> {
  const { client, random, world } = c;
  const goneIs404 = (postId: string) => (status: number) => status === 404 && world.isGone(postId);
  switch (action) {
    case 'feed':
      await client.call('feed', 'GET', `/api/posts/feed?page=${random.chance(0.8) ? 1 : random.int(2, 3)}`);
      break;
    case 'trending':
      await client.call('trending', 'GET', `/api/posts/trending?page=1`);
      break;
    case 'post': {
      const id = somePost(c);
      if (!id) break;
      await client.call('post', 'GET', `/api/posts/${id}`, { expect: goneIs404(id) });
      await client.call('comments', 'GET', `/api/comments/${id}?page=1`, { expect: goneIs404(id) });
      if (random.chance(0.3)) await client.call('related', 'GET', `/api/posts/${id}/related?page=1`, { expect: goneIs404(id) });
      break;
    }
    case 'profile': {
      const user = random.chance(0.3) ? me : random.pick(world.users);
      await client.call('profile', 'GET', `/api/user/${user.username}`);
      await client.call('profile', 'GET', `/api/posts/by-user/${user.id}?page=1`);
      break;
    }
    case 'notifications':
      await client.call('notifications', 'GET', '/api/notifications/unread-count');
      if (await client.call('notifications', 'GET', '/api/notifications')) {
        if (random.chance(0.5)) await client.call('notifications', 'PATCH', '/api/notifications/mark-as-read', { json: {} });
      }
      break;
    case 'search':
      await client.call('search', 'GET', `/api/search?q=${encodeURIComponent(random.pick(WORDS))}`);
      break;
    case 'community': {
      const community = anyOf(random, world.communities);
      if (community) await client.call('community', 'GET', `/api/communities/${community.id}?page=1`);
      else await client.call('community', 'GET', '/api/communities');
      break;
    }
    case 'like': {
      const id = somePost(c);
      if (!id) break;
      const answer = await client.call('like', 'PATCH', `/api/posts/${id}/like`, { json: {}, expect: goneIs404(id) });
      if (answer?.status === 200) {
        const likers = world.posts.get(id)!.likers;
        if ((answer.body as { likes: string[] }).likes.includes(me.id)) likers.add(me.id);
        else likers.delete(me.id);
      }
      break;
    }
    case 'comment': {
      const id = somePost(c);
      if (!id) break;
      const answer = await client.call('comment', 'POST', `/api/comments/${id}`, { json: { text: sentence(random, random.int(2, 12)) }, expect: goneIs404(id) });
      if (answer?.status === 201) world.posts.get(id)!.comments++;
      break;
    }
    case 'follow': {
      const other = anyOf(random, world.users.filter((u) => u.id !== me.id));
      if (!other) break;
      const answer = await client.call('follow', 'PATCH', `/api/user/${other.id}/follow`, { json: {} });
      if (answer) {
        const pair = `${me.id} ${other.id}`;
        // Only this person toggles their own follows, so the answer's list is the truth.
        if ((answer.body as { currentUser: { following: string[] } }).currentUser.following.includes(other.id)) world.follows.add(pair);
        else world.follows.delete(pair);
      }
      break;
    }
    case 'create': {
      const count = random.int(1, Math.min(3, MAX_POST_IMAGES));
      const form = new FormData();
      form.append('title', sentence(random, random.int(1, 5)));
      form.append('content', sentence(random, random.int(3, 30)));
      const community = random.chance(0.3) ? anyOf(random, [...me.communities]) : undefined;
      if (community) form.append('community', community);
      for (let i = 0; i < count; i++) {
        const photo = random.pick(c.photos);
        form.append('images', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
      }
      const answer = await client.call('create', 'POST', '/api/posts/create', { form });
      if (answer) {
        const id = (answer.body as { _id: string })._id;
        world.addPost({ id, authorId: me.id, images: count, communityId: community ?? null });
        me.posts.push(id);
      }
      break;
    }
    case 'deletePost': {
      const id = me.posts.length > 0 ? me.posts.splice(random.int(0, me.posts.length - 1), 1)[0]! : undefined;
      if (!id) break;
      world.posts.get(id)!.gone = true;
      await client.call('deletePost', 'DELETE', `/api/posts/${id}`);
      break;
    }
    case 'join': {
      const community = anyOf(random, world.communities.filter((k) => !k.members.has(me.id)));
      if (!community) break;
      if (await client.call('join', 'PATCH', `/api/communities/${community.id}/join`, { json: {} })) {
        community.members.add(me.id);
        me.communities.add(community.id);
      }
      break;
    }
    case 'startCommunity': {
      if (world.communities.length >= 12) break;
      const name = `${random.pick(WORDS)} club ${c.tag} ${c.number}-${world.communities.length + 1}`;
      const answer = await client.call('startCommunity', 'POST', '/api/communities/create', { json: { name, description: sentence(random, 8) } });
      if (answer) {
        const id = (answer.body as { newCommunity: { _id: string } }).newCommunity._id;
        world.communities.push({ id, members: new Set([me.id]) });
        me.communities.add(id);
      }
      break;
    }
    case 'newAccount':
      return (await register(c)) ?? me;
  }
  return me;
}

/** Runs one person until the deadline; the action under way finishes first. */
export async function live(c: PersonContext): Promise<void> {
  // Arrivals spread over the first seconds rather than a stampede of sign-ups.
  await think(c, c.random.next() * 1000 * Math.min(10, c.thinkSeconds * 4));
  let me: Me | null = null;
  while (!me && !stopping(c)) {
    me = await register(c);
    if (!me) await think(c, 1000);
  }
  while (me && !stopping(c)) {
    me = await act(c, me, weighted(c.random, WEIGHTS));
    await think(c, exponential(c.random, c.thinkSeconds * 1000));
  }
}
