// Routes the API benchmark adds to the server it starts (through AppDependencies.extraApiRoutes;
// never part of the product):
//   GET /api/bench/hello               the framework ceiling: the same plugins and hooks, no work
//   GET /api/bench/baseline-feed       the straightforward fan-out-on-read feed of issue 10:
//                                      `author_id IN (followees) ORDER BY created_at DESC OFFSET …`
//                                      plus a COUNT, with the same cards and serializer as the feed
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZES, PostPage, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { HttpError } from '../../src/plugins/errors.ts';
import { pageStatement, postPage, postReaderOf, value, visibleTo } from '../../src/modules/posts/service.ts';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

/** The straightforward feed: every followee's posts sorted, the page cut out, and a COUNT. */
const baselineFeed = pageStatement(() => {
  const viewer = value('viewer');
  const where = sql`p.author_id in (select f.followee_id from follows f where f.follower_id = ${viewer}) and ${visibleTo(viewer)}`;
  return {
    ids: sql`array(select p.id from posts p where ${where} order by p.created_at desc, p.id desc limit ${PAGE_SIZES.feed} offset ${value('offset')})`,
    count: sql`(select count(*) from posts p where ${where})`,
    size: PAGE_SIZES.feed,
  };
});

export const benchRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/bench/hello', async () => ({ hello: 'world' }));

  api.get('/bench/baseline-feed', { schema: { querystring: pageQuery, response: { 200: PostPage } } }, async (request) => {
    const viewer = request.viewer;
    if (!viewer) throw new HttpError(401, REFUSAL_MESSAGES.notSignedIn);
    const size = PAGE_SIZES.feed;
    return postPage(postReaderOf(api), { statement: baselineFeed, values: { viewer: viewer.user.id, offset: (request.query.page - 1) * size } });
  });
};
