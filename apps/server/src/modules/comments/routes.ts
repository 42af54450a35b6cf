// Spec §7 "Comments": a post's comments newest first (the preview shows the 2 newest; the
// contract decides the order), paged by PAGE_SIZES.comments with totalComments; create (trimmed,
// 1–300 characters, by the contract's schema); delete by the comment's author, the post's author
// or the creator of the post's community (spec §6).
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { mentionsIn, NOT_FOUND_MESSAGES, PAGE_SIZES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type Comment } from '@pitlane/api/contract';
import { Statement, type Db } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { comments } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../plugins/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { commentJson } from './json.ts';
import { deleteComment } from './service.ts';
import { notify } from '../notifications/service.ts';
import { notifyMentions } from '../tags/service.ts';
import { findPost } from '../posts/service.ts';
import { refreshTrendingScore } from '../posts/trending.ts';
import { hiddenFrom, notHidden } from '../safety/hidden.ts';
import { postUnavailable, refuseBlockPair } from '../safety/service.ts';
import { summaryOf } from '../users/service.ts';

const postNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.post);
const commentNotFound = () => new HttpError(404, REFUSAL_MESSAGES.commentNotFound);

const value = (name: string) => sql.placeholder(name);

/**
 * One page of a post's comments with the total, in one statement prepared once (the
 * (post_id, created_at, id) index), as the viewer sees them: without the comments of people
 * hidden from them (block pairs and muted, modules/safety), in the page and in the total alike.
 * The total counts the post's comments index-only, less those of hidden people, which are
 * counted (reading each comment row: the index has no author) only when the viewer hides anyone.
 */
const commentPageStatement = new Statement<{ total: number | string; comments: Comment[] | string | null }>(() => {
  const [post, viewer] = [value('post'), value('viewer')];
  const hidden = hiddenFrom(viewer);
  return sql`
    select
      (select count(*) from comments where post_id = ${post})
        - (select count(*) from comments where post_id = ${post} and cardinality(${hidden}) > 0 and author_id = any(${hidden})) as total,
      (select json_agg(${commentJson} order by c.created_at desc, c.id desc)
        from (select * from comments where post_id = ${post} and ${notHidden(sql`comments.author_id`, viewer)}
              order by created_at desc, id desc limit ${value('limit')} offset ${value('offset')}) c
        join users u on u.id = c.author_id
      ) as comments`;
});

async function commentPage(db: Db, postId: string, viewerId: string, page: number): Promise<{ comments: Comment[]; total: number }> {
  const size = PAGE_SIZES.comments;
  const result = await commentPageStatement.run(db, { post: postId, viewer: viewerId, limit: size, offset: (page - 1) * size });
  const row = result.rows[0];
  const list = row?.comments ?? null;
  return {
    total: Number(row?.total ?? 0),
    comments: list === null ? [] : typeof list === 'string' ? (JSON.parse(list) as Comment[]) : list,
  };
}

export const commentsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'comments.list', {}, async ({ params, query, viewer }) => {
    const post = await findPost(app.db, params.postId, { viewerId: viewer.user.id });
    if (!post) throw postNotFound();
    if (post.blockedWithViewer) throw postUnavailable();
    const { comments: page, total } = await commentPage(app.db, post.id, viewer.user.id, query.page);
    return { comments: page, totalComments: total, totalPages: Math.ceil(total / PAGE_SIZES.comments) };
  });

  contractRoute(app, 'comments.create', {}, async ({ params, body, viewer }) => {
    const created = await inTransaction(app.db, async (db) => {
      const post = await findPost(db, params.postId, { lock: true });
      if (!post) throw postNotFound();
      await refuseBlockPair(db, viewer.user.id, post.authorId, postUnavailable);
      const [row] = await db.insert(comments).values({ postId: post.id, authorId: viewer.user.id, text: body.text }).returning();
      await notify(db, { type: 'comment', senderId: viewer.user.id, recipientId: post.authorId, postId: post.id });
      // The people it mentions (issue 21) hear of it with the post; the post's author, who hears
      // of the comment already, gets no second notification for a mention in it.
      const mentioned = await notifyMentions(db, {
        senderId: viewer.user.id,
        postId: post.id,
        commentId: row!.id,
        usernames: mentionsIn(body.text),
        except: [post.authorId],
      });
      await refreshTrendingScore(db, post.id);
      return { ...row!, postAuthorId: post.authorId, mentioned };
    });
    if (created.postAuthorId !== viewer.user.id) app.live.publish({ kind: 'notifications', userId: created.postAuthorId });
    for (const userId of created.mentioned) app.live.publish({ kind: 'notifications', userId });
    return { _id: created.id, text: created.text, author: summaryOf(viewer.user), createdAt: created.createdAt.toISOString() };
  });

  contractRoute(app, 'comments.delete', {}, async ({ params, viewer }) => {
    if (!isId(params.commentId)) throw commentNotFound();
    const found = await app.db.execute<{ id: string; author_id: string; post_id: string }>(
      sql`select id, author_id, post_id from comments where id = ${params.commentId}`,
    );
    const comment = found.rows[0];
    if (!comment) throw commentNotFound();
    await inTransaction(app.db, async (db) => {
      const post = await findPost(db, comment.post_id, { lock: true });
      if (!post) throw commentNotFound();
      if (![comment.author_id, post.authorId, post.communityCreatorId].includes(viewer.user.id)) {
        throw new HttpError(403, REFUSAL_MESSAGES.deleteCommentForbidden);
      }
      if (!(await deleteComment(db, comment.id, post.id))) throw commentNotFound();
    });
    return { message: SUCCESS_MESSAGES.commentDeleted };
  });
};
