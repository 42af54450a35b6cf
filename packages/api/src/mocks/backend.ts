// A stateful in-memory fake of the Pitlane server, in plain TypeScript (no MSW here). It answers
// every route of the contract's `routes` table with the rules the real server has: the
// permissions of spec §6, the limits of §9, the validation of §5 (through the contract's own
// schemas and messages) and the cascades of §4. The MSW handlers (handlers.ts) are a thin HTTP
// skin over `handle`.
import type { z } from 'zod';
import {
  FORM_MESSAGES,
  MAX_POST_IMAGES,
  MIN_POST_IMAGES,
  NOT_FOUND_MESSAGES,
  PAGE_SIZES,
  REFUSAL_MESSAGES,
  SEARCH_RESULT_LIMIT,
  SUCCESS_MESSAGES,
  SUGGESTION_LIMIT,
  TRENDING,
  isValidUsername,
  normalizeUsername,
  routes,
  type RouteDefinition,
  type RouteName,
  type Routes,
} from '../contract/index.ts';
import { avatarImage, coverImage } from './images.ts';
import type { MockComment, MockCommunity, MockNotification, MockPost, MockSeed, MockUser } from './state.ts';

/** The session cookie the fake (and the real server) sets. */
export const SESSION_COOKIE = 'pitlane_session';

/** What the HTTP layer hands to the fake: raw, unvalidated input. */
export interface MockRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Parsed JSON for JSON routes; for multipart routes the text parts. */
  body?: unknown;
  /** Multipart file parts by name. */
  files?: Record<string, Blob[]>;
  /** The session cookie's value, if the request carried one. */
  session?: string | undefined;
}

export interface MockReply {
  status: number;
  body: unknown;
  /** A new session cookie value to set, or null to clear it; undefined leaves it alone. */
  session?: string | null;
}

type Output<T> = T extends z.ZodType ? z.output<T> : never;
type ParamsOf<N extends RouteName> = Routes[N] extends { params: infer P } ? Output<P> : Record<string, never>;
type QueryOf<N extends RouteName> = Routes[N] extends { query: infer Q } ? Output<Q> : Record<string, never>;
type BodyOf<N extends RouteName> = Routes[N] extends { body: { kind: 'json'; schema: infer S } }
  ? Output<S>
  : Routes[N] extends { body: { kind: 'multipart'; fields: infer F } }
    ? Output<F>
    : Record<string, never>;
type ResponseOf<N extends RouteName> = z.output<Routes[N]['response']>;

interface Context<N extends RouteName> {
  params: ParamsOf<N>;
  query: QueryOf<N>;
  body: BodyOf<N>;
  files: Record<string, Blob[]>;
  /** The signed-in user; routes with `auth: true` only run with one. */
  viewer: MockUser;
  maybeViewer: MockUser | null;
  startSession(user: MockUser): void;
  endSession(): void;
}

type Implementation = { [N in RouteName]: (ctx: Context<N>) => ResponseOf<N> | Promise<ResponseOf<N>> };

/** A refusal: the route answers `status` with `{ message }`. */
export class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function refuse(status: number, message: string): never {
  throw new Refusal(status, message);
}

export interface MockBackend {
  /** Answer one call of the route table. Never throws for a refusal; it answers with it. */
  handle(name: RouteName, request: MockRequest): Promise<MockReply>;
  /** The live state. Read it in tests; change it only to stage a story. */
  readonly state: MockSeed;
  /** The last one-time code e-mailed to this address (registration, reset, deletion). */
  lastOtp(email: string): string | undefined;
  /** Requests without a session cookie act as this user (by username), as in a story. */
  signInAs(username: string): void;
  signOut(): void;
  /** The user requests without a cookie act as, if any. */
  defaultViewer(): MockUser | null;
  findUser(username: string): MockUser | undefined;
  /** An ISO date later than every date the fake has issued. */
  now(): string;
}

interface PendingRegistration {
  fullName: string;
  username: string;
  email: string;
  password: string;
}

const byNewest = <T extends { createdAt: string }>(a: T, b: T): number => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

function paginate<T>(items: T[], page: number, size: number): { items: T[]; totalPages: number } {
  return { items: items.slice((page - 1) * size, page * size), totalPages: Math.ceil(items.length / size) };
}

const IMAGE_SIGNATURES: Array<(b: Uint8Array) => boolean> = [
  (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47, // PNG
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, // JPEG
  (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38, // GIF
  (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP', // WebP
];

let uploads = 0;

/** Like the real server, check an upload by its content, not its name or declared type. */
async function imageDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!IMAGE_SIGNATURES.some((matches) => matches(bytes))) refuse(400, REFUSAL_MESSAGES.notAnImage);
  const type = file.type.startsWith('image/') ? file.type : 'image/png';
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  // Every upload gets its own URL, as on the real server, even when two files are identical.
  return `data:${type};base64,${btoa(binary)}#upload-${++uploads}`;
}

export function createMockBackend(seed: MockSeed): MockBackend {
  const state: MockSeed = structuredClone(seed);
  const sessions = new Map<string, string>(); // session token → user id
  const otps = new Map<string, string>(); // e-mail → last code
  const pending = new Map<string, PendingRegistration>(); // e-mail → details waiting for the code
  let defaultViewerId: string | null = null;
  let counter = 0;
  let lastTime = 0;

  for (const list of [state.users, state.posts, state.comments, state.communities, state.notifications, state.follows]) {
    for (const record of list) lastTime = Math.max(lastTime, Date.parse(record.createdAt));
  }

  /** Strictly increasing, so "newest first" is well defined even within one millisecond. */
  function now(): string {
    lastTime = Math.max(Date.now(), lastTime + 1);
    return new Date(lastTime).toISOString();
  }

  const taken = new Set<string>([...state.users, ...state.posts, ...state.comments, ...state.communities, ...state.notifications].map((r) => r.id));
  function newId(prefix: string): string {
    let id: string;
    do id = `${prefix}-${(++counter).toString().padStart(4, '0')}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  }

  function newOtp(email: string): string {
    const code = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    otps.set(email, code);
    return code;
  }

  function takeOtp(email: string, code: string): void {
    if (otps.get(email) !== code.trim()) refuse(400, REFUSAL_MESSAGES.invalidOtp);
    otps.delete(email);
  }

  // ---- lookups --------------------------------------------------------------------------------
  const userById = (id: string) => state.users.find((u) => u.id === id);
  const userByUsername = (username: string) => state.users.find((u) => u.username === username);
  const userByEmail = (email: string) => state.users.find((u) => u.email === email.trim().toLowerCase());
  const mustUser = (id: string) => userById(id) ?? refuse(404, NOT_FOUND_MESSAGES.user);
  const mustPost = (id: string) => state.posts.find((p) => p.id === id) ?? refuse(404, NOT_FOUND_MESSAGES.post);
  const communityById = (id: string) => state.communities.find((c) => c.id === id);
  const mustCommunity = (id: string) => communityById(id) ?? refuse(404, NOT_FOUND_MESSAGES.community);

  const followerIds = (userId: string) => state.follows.filter((f) => f.followeeId === userId).map((f) => f.followerId);
  const followingIds = (userId: string) => state.follows.filter((f) => f.followerId === userId).map((f) => f.followeeId);
  const follows = (followerId: string, followeeId: string) => state.follows.some((f) => f.followerId === followerId && f.followeeId === followeeId);
  const communitiesOf = (userId: string) => state.communities.filter((c) => c.members.includes(userId));

  /** Community posts show in lists only to the community's members (spec §6). */
  const visibleTo = (viewer: MockUser) => (post: MockPost) => post.communityId === null || (communityById(post.communityId)?.members.includes(viewer.id) ?? false);

  // ---- serialisers (contract shapes) ------------------------------------------------------------
  const summary = (u: MockUser) => ({ _id: u.id, username: u.username, fullName: u.fullName, profilePictureUrl: u.profilePictureUrl });
  const sessionUser = (u: MockUser) => ({
    id: u.id,
    fullName: u.fullName,
    username: u.username,
    email: u.email,
    profilePictureUrl: u.profilePictureUrl,
    followers: followerIds(u.id),
    following: followingIds(u.id),
    communities: communitiesOf(u.id).map((c) => c.id),
  });
  const publicUser = (u: MockUser) => ({ ...summary(u), followers: followerIds(u.id), following: followingIds(u.id) });
  const community = (c: MockCommunity) => ({
    _id: c.id,
    name: c.name,
    description: c.description,
    coverImageUrl: c.coverImageUrl,
    members: [...c.members],
    creator: summary(mustUser(c.creatorId)),
  });
  function post(p: MockPost) {
    const c = p.communityId === null ? undefined : communityById(p.communityId);
    return {
      _id: p.id,
      title: p.title,
      content: p.content,
      imageUrls: [...p.imageUrls],
      likes: [...p.likes],
      author: summary(mustUser(p.authorId)),
      community: c ? { _id: c.id, name: c.name, coverImageUrl: c.coverImageUrl } : null,
      createdAt: p.createdAt,
    };
  }
  const comment = (c: MockComment) => ({ _id: c.id, text: c.text, author: summary(mustUser(c.authorId)), createdAt: c.createdAt });
  function notification(n: MockNotification) {
    const sender = mustUser(n.senderId);
    const p = n.postId === null ? undefined : state.posts.find((x) => x.id === n.postId);
    return {
      _id: n.id,
      type: n.type,
      read: n.read,
      createdAt: n.createdAt,
      sender: { username: sender.username, fullName: sender.fullName, profilePictureUrl: sender.profilePictureUrl },
      post: p ? { _id: p.id, title: p.title } : null,
    };
  }
  const postPage = (posts: MockPost[], page: number, size: number) => {
    const { items, totalPages } = paginate(posts, page, size);
    return { posts: items.map(post), totalPages };
  };

  // ---- cascades (spec §4) -----------------------------------------------------------------------
  function deletePost(postId: string): void {
    state.posts = state.posts.filter((p) => p.id !== postId);
    state.comments = state.comments.filter((c) => c.postId !== postId);
    state.notifications = state.notifications.filter((n) => n.postId !== postId);
  }
  function deleteCommunity(communityId: string): void {
    for (const p of state.posts.filter((x) => x.communityId === communityId)) deletePost(p.id);
    state.communities = state.communities.filter((c) => c.id !== communityId);
  }
  /** Leaving or being removed: out of the members; with `comments`, their comments there go too. */
  function dropMember(c: MockCommunity, userId: string, options: { comments: boolean }): void {
    c.members = c.members.filter((id) => id !== userId);
    for (const p of state.posts.filter((x) => x.communityId === c.id && x.authorId === userId)) deletePost(p.id);
    if (options.comments) {
      const postsHere = new Set(state.posts.filter((x) => x.communityId === c.id).map((x) => x.id));
      state.comments = state.comments.filter((x) => !(x.authorId === userId && postsHere.has(x.postId)));
    }
  }
  function deleteUser(userId: string): void {
    for (const c of state.communities.filter((x) => x.creatorId === userId)) deleteCommunity(c.id);
    for (const c of state.communities) dropMember(c, userId, { comments: false });
    for (const p of state.posts.filter((x) => x.authorId === userId)) deletePost(p.id);
    for (const p of state.posts) p.likes = p.likes.filter((id) => id !== userId);
    state.comments = state.comments.filter((c) => c.authorId !== userId);
    state.follows = state.follows.filter((f) => f.followerId !== userId && f.followeeId !== userId);
    state.notifications = state.notifications.filter((n) => n.senderId !== userId && n.recipientId !== userId);
    state.users = state.users.filter((u) => u.id !== userId);
    for (const [token, id] of sessions) if (id === userId) sessions.delete(token);
    if (defaultViewerId === userId) defaultViewerId = null;
  }

  // ---- trending -----------------------------------------------------------------------------------
  /**
   * log2 of Σ weight × 2^(t / half-life) over the post's creation, likes and comments: the
   * server's posts.trending_score (apps/server/src/modules/posts/trending.ts). Ordering by it
   * is ordering by the activity each event still has after halving every TRENDING.halfLifeHours.
   */
  function trendingScore(p: MockPost): number {
    const halfLifeMs = TRENDING.halfLifeHours * 3_600_000;
    const event = (at: string, weight: number) => Date.parse(at) / halfLifeMs + Math.log2(weight);
    const xs = [
      event(p.createdAt, TRENDING.postWeight),
      ...p.likes.map((id) => event(p.likedAt?.[id] ?? p.createdAt, TRENDING.likeWeight)),
      ...state.comments.filter((c) => c.postId === p.id).map((c) => event(c.createdAt, TRENDING.commentWeight)),
    ];
    const top = Math.max(...xs);
    return top + Math.log2(xs.reduce((sum, x) => sum + 2 ** (x - top), 0));
  }

  // ---- notifications ----------------------------------------------------------------------------
  function notify(type: MockNotification['type'], senderId: string, recipientId: string, postId: string | null): void {
    if (senderId === recipientId) return; // never for one's own actions
    state.notifications.push({ id: newId('notification'), type, senderId, recipientId, postId, read: false, createdAt: now() });
  }
  /** Undoing a like or a follow takes back its notification. */
  function unnotify(type: MockNotification['type'], senderId: string, recipientId: string, postId: string | null): void {
    state.notifications = state.notifications.filter((n) => !(n.type === type && n.senderId === senderId && n.recipientId === recipientId && n.postId === postId));
  }

  // ---- the routes ---------------------------------------------------------------------------------
  const implementation: Implementation = {
    // The fake has no third-party provider configured (stories that need one override this route).
    'auth.providerInfo': () => ({ provider: null }),
    'auth.verify': ({ maybeViewer }) => ({ user: sessionUser(maybeViewer ?? refuse(401, REFUSAL_MESSAGES.notSignedIn)) }),

    'auth.login': ({ body, startSession }) => {
      const user = userByEmail(body.email);
      if (!user || user.password !== body.password) refuse(401, REFUSAL_MESSAGES.wrongCredentials);
      startSession(user!);
      return { user: sessionUser(user!) };
    },

    'auth.logout': ({ endSession }) => {
      endSession();
      return { message: SUCCESS_MESSAGES.loggedOut };
    },

    'auth.checkUsername': ({ body }) => {
      const username = normalizeUsername(body.username);
      return { available: isValidUsername(username) && !userByUsername(username) };
    },

    'auth.checkEmail': ({ body }) => ({ available: !userByEmail(body.email) }),

    'auth.sendOtp': ({ body }) => {
      const email = body.email.trim().toLowerCase();
      if (userByUsername(body.username)) refuse(409, REFUSAL_MESSAGES.usernameTaken);
      if (userByEmail(email)) refuse(409, REFUSAL_MESSAGES.emailRegistered);
      pending.set(email, { fullName: body.fullName.trim(), username: body.username, email, password: body.password });
      newOtp(email);
      return { message: SUCCESS_MESSAGES.otpSent };
    },

    'auth.verifyOtp': ({ body }) => {
      const email = body.email.trim().toLowerCase();
      const details = pending.get(email) ?? refuse(400, REFUSAL_MESSAGES.invalidOtp);
      takeOtp(email, body.otp);
      pending.delete(email);
      // Someone may have taken the name while the code was in the mail.
      if (userByUsername(details.username)) refuse(409, REFUSAL_MESSAGES.usernameTaken);
      if (userByEmail(email)) refuse(409, REFUSAL_MESSAGES.emailRegistered);
      state.users.push({ id: newId('user'), ...details, profilePictureUrl: avatarImage(details.fullName), createdAt: now() });
      return { message: SUCCESS_MESSAGES.registered };
    },

    // The same reply whether or not the address has an account: it reveals nothing.
    'auth.forgotPassword': ({ body }) => {
      const user = userByEmail(body.email);
      if (user) newOtp(user.email);
      return { message: SUCCESS_MESSAGES.resetOtpSent };
    },

    'auth.resetPassword': ({ body }) => {
      if (body.newPassword !== body.confirmPassword) refuse(400, FORM_MESSAGES.passwordsDoNotMatch);
      const user = userByEmail(body.email) ?? refuse(400, REFUSAL_MESSAGES.invalidOtp);
      takeOtp(user.email, body.otp);
      user.password = body.newPassword;
      return { message: SUCCESS_MESSAGES.passwordReset };
    },

    // The fake's identity provider accepts codes of the form `mock-code:<e-mail>`.
    'auth.provider': ({ body, startSession }) => {
      const match = /^mock-code:(.+@.+)$/.exec(body.code);
      if (!match) return refuse(401, REFUSAL_MESSAGES.providerCodeInvalid);
      const email = match[1]!.toLowerCase();
      let user = userByEmail(email);
      if (!user) {
        const local = normalizeUsername(email.split('@')[0]!) || 'driver';
        let username = local;
        for (let n = 2; userByUsername(username); n++) username = `${local}${n}`;
        user = { id: newId('user'), username, fullName: local, email, password: '', profilePictureUrl: avatarImage(local), createdAt: now() };
        state.users.push(user);
      }
      startSession(user);
      return { user: sessionUser(user) };
    },

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

    'suggestions.list': ({ viewer }) => {
      const mine = new Set(followingIds(viewer.id));
      const fans = new Set(followerIds(viewer.id));
      const users = state.users
        .filter((u) => u.id !== viewer.id && !mine.has(u.id))
        // People who follow you first ("Follow Back"), then the newest members.
        .sort((a, b) => Number(fans.has(b.id)) - Number(fans.has(a.id)) || byNewest(a, b))
        .slice(0, SUGGESTION_LIMIT)
        .map((u) => ({ ...summary(u), followsYou: fans.has(u.id) }));
      const communities = state.communities
        .filter((c) => !c.members.includes(viewer.id))
        .sort((a, b) => b.members.length - a.members.length || byNewest(a, b))
        .slice(0, SUGGESTION_LIMIT)
        .map(community);
      return { users, communities };
    },

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
        .map(post);
      return { users, posts };
    },

    'posts.feed': ({ query, viewer }) => {
      const followed = new Set(followingIds(viewer.id));
      const posts = state.posts.filter((p) => followed.has(p.authorId)).filter(visibleTo(viewer)).sort(byNewest);
      return postPage(posts, query.page, PAGE_SIZES.feed);
    },

    // Trending: the score the server keeps (TRENDING), highest first, newer first among equals.
    'posts.trending': ({ query, viewer }) => {
      const scores = new Map(state.posts.map((p) => [p.id, trendingScore(p)]));
      const posts = state.posts.filter(visibleTo(viewer)).sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || byNewest(a, b));
      return postPage(posts, query.page, PAGE_SIZES.trending);
    },

    'posts.byUser': ({ params, query, viewer }) => {
      const user = mustUser(params.userId);
      const posts = state.posts.filter((p) => p.authorId === user.id).filter(visibleTo(viewer)).sort(byNewest);
      return postPage(posts, query.page, PAGE_SIZES.byUser);
    },

    'posts.get': ({ params }) => post(mustPost(params.id)),

    // Related: the same author's or the same community's posts first, then the rest, newest first.
    'posts.related': ({ params, query, viewer }) => {
      const origin = mustPost(params.id);
      const close = (p: MockPost) => p.authorId === origin.authorId || (origin.communityId !== null && p.communityId === origin.communityId);
      const posts = state.posts
        .filter((p) => p.id !== origin.id)
        .filter(visibleTo(viewer))
        .sort((a, b) => Number(close(b)) - Number(close(a)) || byNewest(a, b));
      return postPage(posts, query.page, PAGE_SIZES.related);
    },

    'posts.create': async ({ body, files, viewer }) => {
      const images = files.images ?? [];
      if (images.length < MIN_POST_IMAGES) refuse(400, FORM_MESSAGES.selectAtLeastOneImage);
      if (images.length > MAX_POST_IMAGES) refuse(400, FORM_MESSAGES.maxImagesOnCreate);
      let communityId: string | null = null;
      if (body.community) {
        const c = mustCommunity(body.community);
        if (!c.members.includes(viewer.id)) refuse(403, REFUSAL_MESSAGES.joinToPost);
        communityId = c.id;
      }
      const imageUrls: string[] = [];
      for (const image of images) imageUrls.push(await imageDataUrl(image));
      const created: MockPost = { id: newId('post'), title: body.title, content: body.content, imageUrls, likes: [], authorId: viewer.id, communityId, createdAt: now() };
      state.posts.push(created);
      return post(created);
    },

    'posts.update': async ({ params, body, files, viewer }) => {
      const target = mustPost(params.id);
      if (target.authorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.editOwnPostOnly);
      const kept = body.existingImageUrls;
      if (kept.some((url) => !target.imageUrls.includes(url)) || new Set(kept).size !== kept.length) refuse(400, REFUSAL_MESSAGES.invalidRequest);
      const added = files.images ?? [];
      if (kept.length + added.length > MAX_POST_IMAGES) refuse(400, FORM_MESSAGES.maxImagesOnEdit);
      const addedUrls: string[] = [];
      for (const image of added) addedUrls.push(await imageDataUrl(image));
      target.title = body.title;
      target.content = body.content;
      target.imageUrls = [...kept, ...addedUrls];
      return post(target);
    },

    'posts.like': ({ params, viewer }) => {
      const target = mustPost(params.id);
      if (target.likes.includes(viewer.id)) {
        target.likes = target.likes.filter((id) => id !== viewer.id);
        if (target.likedAt) delete target.likedAt[viewer.id];
        unnotify('like', viewer.id, target.authorId, target.id);
      } else {
        target.likes.push(viewer.id);
        target.likedAt = { ...target.likedAt, [viewer.id]: now() };
        notify('like', viewer.id, target.authorId, target.id);
      }
      return post(target);
    },

    'posts.delete': ({ params, viewer }) => {
      const target = mustPost(params.id);
      const creatorId = target.communityId === null ? undefined : communityById(target.communityId)?.creatorId;
      if (target.authorId !== viewer.id && creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.deletePostForbidden);
      deletePost(target.id);
      return { message: SUCCESS_MESSAGES.postDeleted };
    },

    'comments.list': ({ params, query }) => {
      const target = mustPost(params.postId);
      const all = state.comments.filter((c) => c.postId === target.id).sort(byNewest);
      const { items, totalPages } = paginate(all, query.page, PAGE_SIZES.comments);
      return { comments: items.map(comment), totalComments: all.length, totalPages };
    },

    'comments.create': ({ params, body, viewer }) => {
      const target = mustPost(params.postId);
      const created: MockComment = { id: newId('comment'), postId: target.id, authorId: viewer.id, text: body.text, createdAt: now() };
      state.comments.push(created);
      notify('comment', viewer.id, target.authorId, target.id);
      return comment(created);
    },

    'comments.delete': ({ params, viewer }) => {
      const target = state.comments.find((c) => c.id === params.commentId) ?? refuse(404, REFUSAL_MESSAGES.commentNotFound);
      const onPost = mustPost(target.postId);
      const creatorId = onPost.communityId === null ? undefined : communityById(onPost.communityId)?.creatorId;
      if (![target.authorId, onPost.authorId, creatorId].includes(viewer.id)) refuse(403, REFUSAL_MESSAGES.deleteCommentForbidden);
      state.comments = state.comments.filter((c) => c.id !== target.id);
      return { message: SUCCESS_MESSAGES.commentDeleted };
    },

    'communities.list': () => [...state.communities].sort(byNewest).map(community),

    'communities.create': ({ body, viewer }) => {
      const name = body.name;
      if (state.communities.some((c) => c.name.toLowerCase() === name.toLowerCase())) refuse(409, REFUSAL_MESSAGES.communityNameTaken);
      const created: MockCommunity = {
        id: newId('community'),
        name,
        description: body.description,
        coverImageUrl: coverImage(name),
        members: [viewer.id],
        creatorId: viewer.id,
        createdAt: now(),
      };
      state.communities.push(created);
      return { newCommunity: community(created), updatedUser: sessionUser(viewer) };
    },

    'communities.get': ({ params, query, viewer }) => {
      const c = mustCommunity(params.id);
      const isMember = c.members.includes(viewer.id);
      if (!isMember) return { community: community(c), isMember, posts: [], totalPages: 0 };
      const posts = state.posts.filter((p) => p.communityId === c.id).sort(byNewest);
      return { community: community(c), isMember, ...postPage(posts, query.page, PAGE_SIZES.communityPosts) };
    },

    'communities.join': ({ params, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.members.includes(viewer.id)) refuse(409, REFUSAL_MESSAGES.alreadyMember);
      c.members.push(viewer.id);
      return { user: sessionUser(viewer) };
    },

    'communities.leave': ({ params, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.creatorId === viewer.id) refuse(403, REFUSAL_MESSAGES.creatorCannotLeave);
      if (!c.members.includes(viewer.id)) refuse(403, REFUSAL_MESSAGES.notMember);
      dropMember(c, viewer.id, { comments: false });
      return { user: sessionUser(viewer) };
    },

    'communities.delete': ({ params, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.creatorOnly);
      deleteCommunity(c.id);
      return { message: SUCCESS_MESSAGES.communityDeleted };
    },

    'communities.members': ({ params }) => mustCommunity(params.id).members.map((id) => summary(mustUser(id))),

    'communities.removeMember': ({ params, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.creatorOnly);
      if (params.userId === c.creatorId) refuse(400, REFUSAL_MESSAGES.creatorCannotBeRemoved);
      if (!c.members.includes(params.userId)) refuse(400, REFUSAL_MESSAGES.userNotMember);
      dropMember(c, params.userId, { comments: true });
      return { community: community(c), user: sessionUser(viewer) };
    },

    // `members` lists the members to keep: the creator always stays, ids that are not members are
    // ignored, and a member left out is removed as by remove-member (posts and comments go).
    'communities.update': async ({ params, body, files, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.creatorOnly);
      const other = state.communities.find((x) => x.id !== c.id && x.name.toLowerCase() === body.name.toLowerCase());
      if (other) refuse(409, REFUSAL_MESSAGES.communityNameTaken);
      const cover = files.coverImage?.[0];
      const coverUrl = cover ? await imageDataUrl(cover) : undefined;
      const keep = new Set([...body.members, c.creatorId]);
      for (const id of c.members.filter((m) => !keep.has(m))) dropMember(c, id, { comments: true });
      c.name = body.name;
      c.description = body.description;
      if (coverUrl) c.coverImageUrl = coverUrl;
      return community(c);
    },

    'notifications.list': ({ viewer }) => state.notifications.filter((n) => n.recipientId === viewer.id).sort(byNewest).map(notification),
    'notifications.unreadCount': ({ viewer }) => ({ count: state.notifications.filter((n) => n.recipientId === viewer.id && !n.read).length }),
    'notifications.markAsRead': ({ viewer }) => {
      for (const n of state.notifications) if (n.recipientId === viewer.id) n.read = true;
      return { message: SUCCESS_MESSAGES.notificationsRead };
    },
    'notifications.clearAll': ({ viewer }) => {
      state.notifications = state.notifications.filter((n) => n.recipientId !== viewer.id);
      return { message: SUCCESS_MESSAGES.notificationsCleared };
    },
  };

  function viewerOf(session: string | undefined): MockUser | null {
    if (session !== undefined && sessions.has(session)) return userById(sessions.get(session)!) ?? null;
    return defaultViewerId === null ? null : (userById(defaultViewerId) ?? null);
  }

  /** Validate with the contract's schema; a refusal answers 400 with the first issue's message. */
  function validate(schema: z.ZodType | undefined, input: unknown): unknown {
    if (!schema) return {};
    const result = schema.safeParse(input ?? {});
    if (!result.success) refuse(400, result.error.issues[0]?.message ?? REFUSAL_MESSAGES.invalidRequest);
    return result.data;
  }

  async function handle(name: RouteName, request: MockRequest): Promise<MockReply> {
    const route: RouteDefinition = routes[name];
    const reply: MockReply = { status: route.status ?? 200, body: undefined };
    try {
      const maybeViewer = viewerOf(request.session);
      if (route.auth && !maybeViewer) refuse(401, REFUSAL_MESSAGES.notSignedIn);

      const params = validate(route.params, request.params);
      const query = validate(route.query, request.query);
      const body = validate(route.body?.kind === 'json' ? route.body.schema : route.body?.fields, request.body);

      const ctx: Context<RouteName> = {
        params: params as never,
        query: query as never,
        body: body as never,
        files: request.files ?? {},
        get viewer() {
          return maybeViewer ?? refuse(401, REFUSAL_MESSAGES.notSignedIn);
        },
        maybeViewer,
        startSession(user) {
          const token = `${user.id}.${crypto.randomUUID()}`;
          sessions.set(token, user.id);
          reply.session = token;
        },
        endSession() {
          if (request.session !== undefined && sessions.has(request.session)) sessions.delete(request.session);
          else defaultViewerId = null; // a story's signed-in user logs out
          reply.session = null;
        },
      };
      const result = await (implementation[name] as (ctx: Context<RouteName>) => unknown)(ctx);
      // A reply that breaks the contract is a bug in the fake: fail loudly.
      reply.body = route.response.parse(result);
      return reply;
    } catch (error) {
      if (error instanceof Refusal) return { status: error.status, body: { message: error.message }, ...(reply.session !== undefined ? { session: reply.session } : {}) };
      throw error;
    }
  }

  if (seed.signedInAs) {
    const user = userByUsername(seed.signedInAs);
    if (!user) throw new Error(`signedInAs: no user "${seed.signedInAs}" in the fixture`);
    defaultViewerId = user.id;
  }

  return {
    handle,
    get state() {
      return state;
    },
    lastOtp: (email) => otps.get(email.trim().toLowerCase()),
    signInAs(username) {
      const user = userByUsername(username);
      if (!user) throw new Error(`signInAs: no user "${username}"`);
      defaultViewerId = user.id;
    },
    signOut() {
      defaultViewerId = null;
      sessions.clear();
    },
    defaultViewer: () => (defaultViewerId === null ? null : (userById(defaultViewerId) ?? null)),
    findUser: userByUsername,
    now,
  };
}
