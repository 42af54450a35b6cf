// A post's comments (spec §7, /api/comments).
import { z } from 'zod';
import { MAX_COMMENT_LENGTH } from '../constants.ts';
import { at } from '../endpoints.ts';
import { Comment, CommentPage, Id, MessageBody } from '../schemas.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { json, nonBlank, PageQuery, route } from './define.ts';

export const commentsRoutes = {
  'comments.list': route({
    ...at('comments.list'), tag: 'comments', auth: true,
    summary: "A post's comments, newest first.",
    params: z.object({ postId: Id }), query: PageQuery, response: CommentPage, errors: [401, 404],
  }),
  'comments.create': route({
    ...at('comments.create'), tag: 'comments', auth: true, status: 201,
    summary: 'Comment on a post.',
    params: z.object({ postId: Id }),
    body: json(z.object({ text: nonBlank(REFUSAL_MESSAGES.commentRequired).max(MAX_COMMENT_LENGTH, { error: REFUSAL_MESSAGES.commentTooLong }) })),
    response: Comment, errors: [400, 401, 403, 404],
  }),
  'comments.delete': route({
    ...at('comments.delete'), tag: 'comments', auth: true,
    summary: "Delete a comment (its author, the post's author, or the community's creator). Body not shown by the spec: { message }.",
    params: z.object({ commentId: Id }), response: MessageBody, errors: [401, 403, 404],
  }),
} as const;
