// The fake's world: its records (a copy of the seed), sessions and codes, the clock and ids, the
// lookups and serialisers (contract shapes) every domain uses, and the cascades of spec §4 and
// the notifications, which cross domains. Cars (issue 17) are here too: every post card names its car. The routes of each domain (backend/<domain>.ts) work on it.
import { mentionsIn, NOT_FOUND_MESSAGES, postText, PREVIEW_COMMENT_COUNT, REFUSAL_MESSAGES, tagsIn } from '../../contract/index.ts';
import type { MockCar, MockCarLogEntry, MockComment, MockCommunity, MockMeet, MockNotification, MockPost, MockSeed, MockUser } from '../state.ts';
import { refuse } from './context.ts';
import { createHiding } from './hiding.ts';
import { storedImageSize } from './uploads.ts';

interface PendingRegistration {
  fullName: string;
  username: string;
  email: string;
  password: string;
}

export const byNewest = <T extends { createdAt: string }>(a: T, b: T): number => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

export function paginate<T>(items: T[], page: number, size: number): { items: T[]; totalPages: number } {
  return { items: items.slice((page - 1) * size, page * size), totalPages: Math.ceil(items.length / size) };
}

export function createWorld(seed: MockSeed) {
  const state: MockSeed = structuredClone(seed);
  // Older seeds have no reports or log (issue 18); both are only ever changed in place.
  const reports = (state.reports ??= []);
  const moderationLog = (state.moderationLog ??= []);
  // Meets (issue 21), absent in older seeds; read through `state` (the cascades replace the lists).
  state.meets ??= [];
  state.meetRsvps ??= [];
  const sessions = new Map<string, string>(); // session token → user id
  const otps = new Map<string, string>(); // e-mail → last code
  const pending = new Map<string, PendingRegistration>(); // e-mail → details waiting for the code
  /** Who requests without a session cookie act as (a story's signed-in user), by id. */
  const viewers = { defaultId: null as string | null };
  let counter = 0;
  let lastTime = 0;

  for (const list of [state.users, state.posts, state.comments, state.communities, state.notifications, state.follows, state.cars, state.carLog, state.blocks, state.mutes, reports, moderationLog]) {
    for (const record of list) lastTime = Math.max(lastTime, Date.parse(record.createdAt));
  }

  /** Strictly increasing, so "newest first" is well defined even within one millisecond. */
  function now(): string {
    lastTime = Math.max(Date.now(), lastTime + 1);
    return new Date(lastTime).toISOString();
  }
  /**
   * The fake's present for windows of time (trending tags, issue 21): the latest moment it holds
   * or has issued, without moving it. A fixture's world is read at its own dates (a story shows
   * the same tags on any day); once the fake issues a date (a post created now), the real one.
   */
  const clock = (): number => lastTime;

  const taken = new Set<string>([...state.users, ...state.posts, ...state.comments, ...state.communities, ...state.notifications, ...state.cars, ...state.carLog, ...reports, ...moderationLog, ...state.meets].map((r) => r.id));
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
  const carById = (id: string) => state.cars.find((c) => c.id === id);
  const mustCar = (id: string) => carById(id) ?? refuse(404, NOT_FOUND_MESSAGES.car);
  const mustLogEntry = (id: string) => state.carLog.find((e) => e.id === id) ?? refuse(404, NOT_FOUND_MESSAGES.logEntry);

  const followerIds = (userId: string) => state.follows.filter((f) => f.followeeId === userId).map((f) => f.followerId);
  const followingIds = (userId: string) => state.follows.filter((f) => f.followerId === userId).map((f) => f.followeeId);
  const follows = (followerId: string, followeeId: string) => state.follows.some((f) => f.followerId === followerId && f.followeeId === followeeId);
  const communitiesOf = (userId: string) => state.communities.filter((c) => c.members.includes(userId));

  /** Community posts show in lists only to the community's members (spec §6). */
  const visibleTo = (viewer: MockUser) => (post: MockPost) => post.communityId === null || (communityById(post.communityId)?.members.includes(viewer.id) ?? false);

  // ---- who a viewer does not see (issue 18) -------------------------------------------------------
  const hiding = createHiding(state);
  /** The posts a list shows the viewer: visible to them, and not by someone hidden from them. */
  const listedTo = (viewer: MockUser) => {
    const visible = visibleTo(viewer);
    const shown = hiding.notHidden(viewer);
    return (post: MockPost) => visible(post) && shown(post.authorId);
  };

  // ---- serialisers (contract shapes) ------------------------------------------------------------
  const summary = (u: MockUser) => ({ _id: u.id, username: u.username, fullName: u.fullName, profilePictureUrl: u.profilePictureUrl });
  const sessionUser = (u: MockUser) => ({
    id: u.id,
    fullName: u.fullName,
    username: u.username,
    email: u.email,
    profilePictureUrl: u.profilePictureUrl,
    // Without the suspended people (their follows stay), as the server's users/service.ts.
    followers: followerIds(u.id).filter(hiding.notSuspended),
    following: followingIds(u.id).filter(hiding.notSuspended),
    communities: communitiesOf(u.id).map((c) => c.id),
    requirePhotoDescriptions: u.requirePhotoDescriptions ?? false,
    ...(u.operator === true ? { operator: true } : {}),
  });
  const publicUser = (u: MockUser) => ({ ...summary(u), followers: followerIds(u.id).filter(hiding.notSuspended), following: followingIds(u.id).filter(hiding.notSuspended) });
  const community = (c: MockCommunity) => ({
    _id: c.id,
    name: c.name,
    description: c.description,
    coverImageUrl: c.coverImageUrl,
    coverImageAlt: c.coverImageAlt ?? '',
    members: c.members.filter(hiding.notSuspended),
    creator: summary(mustUser(c.creatorId)),
  });
  /** A post's images with their size and description, as the server sends them; undefined if a size is unknown. */
  function postImages(p: MockPost) {
    const images = p.imageUrls.map((url, i) => ({ url, size: storedImageSize(url), alt: p.imageAlts?.[i] ?? '' }));
    if (images.some((image) => image.size === null)) return undefined;
    return images.map(({ url, size, alt }) => ({ url, width: size!.width, height: size!.height, alt }));
  }
  /** Photos with their size and description; a photo of unknown size (not the fake's) is left out. */
  function storedImages(urls: string[], alts: string[] | undefined) {
    return urls.flatMap((url, i) => {
      const size = storedImageSize(url);
      return size ? [{ url, width: size.width, height: size.height, alt: alts?.[i] ?? '' }] : [];
    });
  }
  /** A car as a post card's chip names it. */
  const carRef = (c: MockCar) => ({ _id: c.id, year: c.year, make: c.make, model: c.model, trim: c.trim });
  /** The posts tagged to a car that `viewer` may see (community posts only for members), newest first. */
  const carPosts = (carId: string, viewer: MockUser) => state.posts.filter((p) => p.carId === carId).filter(visibleTo(viewer)).sort(byNewest);
  /** A car as `viewer` sees it: its counts are of what the viewer's timeline of it shows. */
  function car(c: MockCar, viewer: MockUser) {
    return {
      ...carRef(c),
      makeId: c.makeId,
      modelId: c.modelId,
      colour: c.colour,
      description: c.description,
      current: c.current,
      coverImageUrl: c.coverImageUrl,
      coverImageAlt: c.coverImageAlt,
      owner: summary(mustUser(c.ownerId)),
      postCount: carPosts(c.id, viewer).length,
      logCount: state.carLog.filter((e) => e.carId === c.id).length,
      createdAt: c.createdAt,
    };
  }
  function logEntry(e: MockCarLogEntry) {
    return {
      _id: e.id,
      carId: e.carId,
      date: e.date,
      title: e.title,
      text: e.text,
      mileage: e.mileage,
      mileageUnit: e.mileageUnit,
      cost: e.cost,
      currency: e.currency,
      images: storedImages(e.imageUrls, e.imageAlts),
      createdAt: e.createdAt,
    };
  }
  /** Whether `viewer` saved the post: only ever the viewer's own saves (they are private). */
  const savedBy = (viewer: MockUser, postId: string) => state.saves.some((s) => s.userId === viewer.id && s.postId === postId);
  /** A post as `viewer` sees it. */
  function post(p: MockPost, viewer: MockUser) {
    const c = p.communityId === null ? undefined : communityById(p.communityId);
    const tagged = p.carId ? carById(p.carId) : undefined;
    const images = postImages(p);
    return {
      _id: p.id,
      title: p.title,
      content: p.content,
      imageUrls: [...p.imageUrls],
      ...(images ? { images } : {}),
      likes: p.likes.filter(hiding.notSuspended),
      author: summary(mustUser(p.authorId)),
      community: c ? { _id: c.id, name: c.name, coverImageUrl: c.coverImageUrl } : null,
      createdAt: p.createdAt,
      saved: savedBy(viewer, p.id),
      car: tagged ? carRef(tagged) : null,
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
      ...(n.removal ? { removal: n.removal } : {}),
      ...(n.commentId ? { commentId: n.commentId } : {}),
      ...meetOf(n),
    };
  }
  /** A meet notification's meet as it is now (issue 21). */
  function meetOf(n: MockNotification) {
    const m = n.meetId ? state.meets!.find((x) => x.id === n.meetId) : undefined;
    return m ? { meet: { _id: m.id, title: m.title, startsAt: m.startsAt } } : {};
  }
  /** A post's comments as `viewer` sees them (none of people hidden from them), newest first (comments.list pages them). */
  const commentsOf = (postId: string, viewer: MockUser) => {
    const shown = hiding.notHidden(viewer);
    return state.comments.filter((c) => c.postId === postId && shown(c.authorId)).sort(byNewest);
  };
  /** The card's comment preview a list reply carries with each post: the newest comments and the count. */
  function commentsPreview(postId: string, viewer: MockUser) {
    const all = commentsOf(postId, viewer);
    return { comments: all.slice(0, PREVIEW_COMMENT_COUNT).map(comment), totalComments: all.length };
  }
  /** A post's tags (issue 21): read from its title and content, normalized, at most MAX_TAGS_PER_TEXT. */
  const postTags = (p: MockPost) => tagsIn(postText(p));
  /** A post as a list shows it: the card with its comment preview. */
  const listedPost = (p: MockPost, viewer: MockUser) => ({ ...post(p, viewer), commentsPreview: commentsPreview(p.id, viewer) });
  /** One page of `posts` as `viewer` sees them, each card with its comment preview. */
  const postPage = (posts: MockPost[], page: number, size: number, viewer: MockUser) => {
    const { items, totalPages } = paginate(posts, page, size);
    return { posts: items.map((p) => listedPost(p, viewer)), totalPages };
  };

  // ---- cascades (spec §4) -----------------------------------------------------------------------
  function deletePost(postId: string): void {
    state.posts = state.posts.filter((p) => p.id !== postId);
    state.comments = state.comments.filter((c) => c.postId !== postId);
    state.saves = state.saves.filter((s) => s.postId !== postId);
    state.notifications = state.notifications.filter((n) => n.postId !== postId);
  }
  /** A car goes with its build log; its posts stay, untagged. */
  function deleteCar(carId: string): void {
    for (const p of state.posts) if (p.carId === carId) p.carId = null;
    state.carLog = state.carLog.filter((e) => e.carId !== carId);
    state.cars = state.cars.filter((c) => c.id !== carId);
  }
  /** Meets go with their answers and notifications (issue 21: a community's or a person's deletion). */
  function deleteMeets(gone: (meet: MockMeet) => boolean): void {
    const ids = new Set(state.meets!.filter(gone).map((m) => m.id));
    state.meets = state.meets!.filter((m) => !ids.has(m.id));
    state.meetRsvps = state.meetRsvps!.filter((r) => !ids.has(r.meetId));
    state.notifications = state.notifications.filter((n) => !n.meetId || !ids.has(n.meetId));
  }
  function deleteCommunity(communityId: string): void {
    deleteMeets((m) => m.communityId === communityId);
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
    for (const c of state.cars.filter((x) => x.ownerId === userId)) deleteCar(c.id);
    deleteMeets((m) => m.creatorId === userId);
    state.meetRsvps = state.meetRsvps!.filter((r) => r.userId !== userId);
    for (const p of state.posts) p.likes = p.likes.filter((id) => id !== userId);
    state.comments = state.comments.filter((c) => c.authorId !== userId);
    state.follows = state.follows.filter((f) => f.followerId !== userId && f.followeeId !== userId);
    state.saves = state.saves.filter((s) => s.userId !== userId);
    state.blocks = state.blocks.filter((b) => b.blockerId !== userId && b.blockedId !== userId);
    state.mutes = state.mutes.filter((m) => m.muterId !== userId && m.mutedId !== userId);
    state.notifications = state.notifications.filter((n) => n.senderId !== userId && n.recipientId !== userId);
    state.users = state.users.filter((u) => u.id !== userId);
    for (const [token, id] of sessions) if (id === userId) sessions.delete(token);
    if (viewers.defaultId === userId) viewers.defaultId = null;
  }

  // ---- notifications ----------------------------------------------------------------------------
  function notify(
    type: MockNotification['type'],
    senderId: string,
    recipientId: string,
    postId: string | null,
    more: Pick<MockNotification, 'removal' | 'commentId' | 'meetId'> = {},
  ): void {
    if (senderId === recipientId) return; // never for one's own actions
    const { removal, commentId, meetId } = more;
    state.notifications.push({ id: newId('notification'), type, senderId, recipientId, postId, ...(removal ? { removal } : {}), ...(commentId ? { commentId } : {}), ...(meetId ? { meetId } : {}), read: false, createdAt: now() });
  }
  /**
   * Mentions (issue 21): each person `text` mentions (mentionsIn: the first MAX_MENTIONS_PER_TEXT)
   * is told about the post, if they exist, are not the author, not in a block pair with them nor
   * suspended, and have not muted them; `except` are told otherwise (a comment's post author gets
   * its `comment` notification) or were told before (an edited post's earlier mentions).
   * `commentId`: the comment that mentions them, when it is one.
   */
  function notifyMentions(text: string, authorId: string, postId: string, except: Iterable<string> = [], commentId?: string): void {
    const skip = new Set(except);
    for (const username of mentionsIn(text)) {
      if (skip.has(username)) continue;
      const mentioned = userByUsername(username);
      if (!mentioned || mentioned.id === authorId || mentioned.suspended === true) continue;
      if (hiding.isBlockPair(authorId, mentioned.id) || hiding.hasMuted(mentioned.id, authorId)) continue;
      notify('mention', authorId, mentioned.id, postId, { commentId });
    }
  }
  /** Undoing a like or a follow takes back its notification. */
  function unnotify(type: MockNotification['type'], senderId: string, recipientId: string, postId: string | null): void {
    state.notifications = state.notifications.filter((n) => !(n.type === type && n.senderId === senderId && n.recipientId === recipientId && n.postId === postId));
  }

  return {
    state,
    reports,
    moderationLog,
    sessions,
    otps,
    pending,
    viewers,
    now,
    clock,
    newId,
    newOtp,
    takeOtp,
    userById,
    userByUsername,
    userByEmail,
    mustUser,
    mustPost,
    communityById,
    mustCommunity,
    carById,
    mustCar,
    mustLogEntry,
    followerIds,
    followingIds,
    follows,
    communitiesOf,
    visibleTo,
    ...hiding,
    listedTo,
    summary,
    sessionUser,
    publicUser,
    community,
    post,
    carRef,
    car,
    carPosts,
    logEntry,
    storedImages,
    savedBy,
    comment,
    commentsOf,
    notification,
    listedPost,
    postPage,
    deletePost,
    deleteCar,
    deleteCommunity,
    deleteMeets,
    dropMember,
    deleteUser,
    notify,
    notifyMentions,
    unnotify,
    postTags,
  };
}

export type World = ReturnType<typeof createWorld>;
