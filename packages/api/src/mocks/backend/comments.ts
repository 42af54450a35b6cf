// A post's comments, newest first; adding and deleting (spec §6 rights).
import { NOT_FOUND_MESSAGES, PAGE_SIZES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '../../contract/index.ts';
import type { MockComment } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { paginate, type World } from './world.ts';

export function commentsRoutes(world: World): DomainRoutes<'comments'> {
  const { state, now, newId, mustPost, communityById, comment, commentsOf, mustSeePost, mustReach, notify, notifyMentions, mustUser } = world;
  return {
    'comments.list': ({ params, query, viewer }) => {
      const target = mustPost(params.postId);
      mustSeePost(viewer, target.authorId);
      const all = commentsOf(target.id, viewer);
      const { items, totalPages } = paginate(all, query.page, PAGE_SIZES.comments);
      return { comments: items.map(comment), totalComments: all.length, totalPages };
    },

    'comments.create': ({ params, body, viewer }) => {
      const target = mustPost(params.postId);
      mustReach(viewer, target.authorId, NOT_FOUND_MESSAGES.postUnavailable);
      const created: MockComment = { id: newId('comment'), postId: target.id, authorId: viewer.id, text: body.text, createdAt: now() };
      state.comments.push(created);
      notify('comment', viewer.id, target.authorId, target.id);
      // The people the comment mentions (issue 21); the post's author has the `comment` one.
      notifyMentions(created.text, viewer.id, target.id, [mustUser(target.authorId).username], created.id);
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
  };
}
