// The post lists (feed, trending, by user, related, saved), one post, and creating, editing,
// liking, saving and deleting posts; a post's car (issue 17) is one of its author's own.
import { FORM_MESSAGES, MAX_POST_IMAGES, mentionsIn, postText, MIN_POST_IMAGES, NOT_FOUND_MESSAGES, PAGE_SIZES, photoDescriptionsError, REFUSAL_MESSAGES, SUCCESS_MESSAGES, TRENDING } from '../../contract/index.ts';
import type { MockPost, MockUser } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { imageDataUrl } from './uploads.ts';
import { byNewest, type World } from './world.ts';

export function postsRoutes(world: World): DomainRoutes<'posts'> {
  const { state, now, newId, mustUser, mustPost, communityById, mustCommunity, carById, followingIds, visibleTo, listedTo, notHidden, mustSeePerson, mustSeePost, mustReach, post, savedBy, postPage, deletePost, notify, notifyMentions, unnotify } = world;

  /** The car a post is tagged to: only one of the author's own (an unknown id is refused alike). */
  function ownCar(carId: string, author: MockUser): string {
    const car = carById(carId);
    if (!car || car.ownerId !== author.id) refuse(400, REFUSAL_MESSAGES.carNotInGarage);
    return car.id;
  }

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

  /** The photos' descriptions as the server checks them: one per photo, and on each when the author's setting says so. */
  function checkedDescriptions(descriptions: string[], imageCount: number, author: MockUser): string[] {
    if (descriptions.length !== imageCount) refuse(400, REFUSAL_MESSAGES.photoDescriptionsMismatch);
    const refused = photoDescriptionsError(descriptions, { required: author.requirePhotoDescriptions ?? false });
    if (refused !== null) refuse(400, refused);
    return descriptions;
  }

  return {
    'posts.feed': ({ query, viewer }) => {
      const followed = new Set(followingIds(viewer.id));
      const posts = state.posts.filter((p) => followed.has(p.authorId)).filter(listedTo(viewer)).sort(byNewest);
      return postPage(posts, query.page, PAGE_SIZES.feed, viewer);
    },

    // Trending: the score the server keeps (TRENDING), highest first, newer first among equals.
    'posts.trending': ({ query, viewer }) => {
      const scores = new Map(state.posts.map((p) => [p.id, trendingScore(p)]));
      const posts = state.posts.filter(listedTo(viewer)).sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || byNewest(a, b));
      return postPage(posts, query.page, PAGE_SIZES.trending, viewer);
    },

    'posts.byUser': ({ params, query, viewer }) => {
      const user = mustUser(params.userId);
      mustSeePerson(viewer, user.id);
      const posts = state.posts.filter((p) => p.authorId === user.id).filter(visibleTo(viewer)).sort(byNewest);
      return postPage(posts, query.page, PAGE_SIZES.byUser, viewer);
    },

    'posts.get': ({ params, viewer }) => {
      const target = mustPost(params.id);
      mustSeePost(viewer, target.authorId);
      return post(target, viewer);
    },

    // Related: the same author's or the same community's posts first, then the rest, newest first.
    'posts.related': ({ params, query, viewer }) => {
      const origin = mustPost(params.id);
      mustSeePost(viewer, origin.authorId);
      const close = (p: MockPost) => p.authorId === origin.authorId || (origin.communityId !== null && p.communityId === origin.communityId);
      const posts = state.posts
        .filter((p) => p.id !== origin.id)
        .filter(listedTo(viewer))
        .sort((a, b) => Number(close(b)) - Number(close(a)) || byNewest(a, b));
      return postPage(posts, query.page, PAGE_SIZES.related, viewer);
    },

    'posts.create': async ({ body, files, viewer }) => {
      const images = files.images ?? [];
      if (images.length < MIN_POST_IMAGES) refuse(400, FORM_MESSAGES.selectAtLeastOneImage);
      if (images.length > MAX_POST_IMAGES) refuse(400, FORM_MESSAGES.maxImagesOnCreate);
      const imageAlts = checkedDescriptions(body.imageAlts ?? images.map(() => ''), images.length, viewer);
      let communityId: string | null = null;
      if (body.community) {
        const c = mustCommunity(body.community);
        if (!c.members.includes(viewer.id)) refuse(403, REFUSAL_MESSAGES.joinToPost);
        communityId = c.id;
      }
      const carId = body.car ? ownCar(body.car, viewer) : null;
      const imageUrls: string[] = [];
      for (const image of images) imageUrls.push(await imageDataUrl(image));
      const created: MockPost = { id: newId('post'), title: body.title, content: body.content, imageUrls, imageAlts, likes: [], authorId: viewer.id, communityId, carId, createdAt: now() };
      state.posts.push(created);
      notifyMentions(postText(created), viewer.id, created.id);
      return post(created, viewer);
    },

    'posts.update': async ({ params, body, files, viewer }) => {
      const target = mustPost(params.id);
      if (target.authorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.editOwnPostOnly);
      const kept = body.existingImageUrls;
      if (kept.some((url) => !target.imageUrls.includes(url)) || new Set(kept).size !== kept.length) refuse(400, REFUSAL_MESSAGES.invalidRequest);
      const added = files.images ?? [];
      if (kept.length + added.length > MAX_POST_IMAGES) refuse(400, FORM_MESSAGES.maxImagesOnEdit);
      if (kept.length + added.length < MIN_POST_IMAGES) refuse(400, FORM_MESSAGES.selectAtLeastOneImage);
      // Absent keeps the tag, '' removes it.
      const carId = body.car === undefined ? target.carId : body.car === '' ? null : ownCar(body.car, viewer);
      // Not sent (an older client): kept photos keep their descriptions, new ones have none.
      const keptAlts = kept.map((url) => target.imageAlts?.[target.imageUrls.indexOf(url)] ?? '');
      const imageAlts = checkedDescriptions(body.imageAlts ?? [...keptAlts, ...added.map(() => '')], kept.length + added.length, viewer);
      const addedUrls: string[] = [];
      for (const image of added) addedUrls.push(await imageDataUrl(image));
      // Only the people the edit newly mentions are told (issue 21).
      const mentionedBefore = mentionsIn(postText(target));
      target.title = body.title;
      target.content = body.content;
      target.imageUrls = [...kept, ...addedUrls];
      target.imageAlts = imageAlts;
      target.carId = carId;
      notifyMentions(postText(target), viewer.id, target.id, mentionedBefore);
      return post(target, viewer);
    },

    'posts.like': ({ params, viewer }) => {
      const target = mustPost(params.id);
      mustReach(viewer, target.authorId, NOT_FOUND_MESSAGES.postUnavailable);
      if (target.likes.includes(viewer.id)) {
        target.likes = target.likes.filter((id) => id !== viewer.id);
        if (target.likedAt) delete target.likedAt[viewer.id];
        unnotify('like', viewer.id, target.authorId, target.id);
      } else {
        target.likes.push(viewer.id);
        target.likedAt = { ...target.likedAt, [viewer.id]: now() };
        notify('like', viewer.id, target.authorId, target.id);
      }
      return post(target, viewer);
    },

    // Saved posts: the viewer's own, newest saved first. Any post one can open can be saved
    // (as posts.get, a shared link to a members-only post included); saving twice or removing
    // what is not saved changes nothing.
    'posts.saved': ({ query, viewer }) => {
      const mine = state.saves
        .filter((s) => s.userId === viewer.id)
        .sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : a.postId < b.postId ? 1 : -1));
      // Any post one could open stays (members-only ones too); only hidden people's leave.
      const shown = notHidden(viewer);
      const posts = mine.map((s) => state.posts.find((p) => p.id === s.postId)).filter((p): p is MockPost => p !== undefined && shown(p.authorId));
      return postPage(posts, query.page, PAGE_SIZES.saved, viewer);
    },

    'posts.save': ({ params, viewer }) => {
      const target = mustPost(params.id);
      mustSeePost(viewer, target.authorId);
      if (!savedBy(viewer, target.id)) state.saves.push({ userId: viewer.id, postId: target.id, savedAt: now() });
      return post(target, viewer);
    },

    'posts.unsave': ({ params, viewer }) => {
      const target = mustPost(params.id);
      state.saves = state.saves.filter((s) => !(s.userId === viewer.id && s.postId === target.id));
      return post(target, viewer);
    },

    'posts.delete': ({ params, viewer }) => {
      const target = mustPost(params.id);
      const creatorId = target.communityId === null ? undefined : communityById(target.communityId)?.creatorId;
      if (target.authorId !== viewer.id && creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.deletePostForbidden);
      deletePost(target.id);
      return { message: SUCCESS_MESSAGES.postDeleted };
    },
  };
}
