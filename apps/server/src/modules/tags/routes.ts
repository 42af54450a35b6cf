// Tags and mentions (issue 21, README.md beside this file): a tag's posts, the tags trending now,
// and the type-ahead behind `#` and `@`. The tag in the address is checked and normalized by the
// contract (TagParams: 400 `invalidTag`).
import type { FastifyPluginAsync } from 'fastify';
import { contractRoute, JsonText } from '../contract-route.ts';
import { postPageJson, postReaderOf } from '../posts/service.ts';
import { mentionSuggestions, tagPostsQuery, tagsStartingWith, trendingTags } from './service.ts';

export const tagsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'tags.posts', {}, async ({ params, query, viewer }) =>
    new JsonText(await postPageJson(postReaderOf(app), tagPostsQuery(viewer.user.id, params.tag, query.page))));

  contractRoute(app, 'tags.trending', {}, async ({ viewer }) => ({ tags: await trendingTags(app.db, viewer.user.id, app.now()) }));

  contractRoute(app, 'tags.suggest', {}, async ({ query }) => ({ tags: await tagsStartingWith(app.db, query.q) }));

  contractRoute(app, 'mentions.suggest', {}, async ({ query, viewer }) => ({ users: await mentionSuggestions(app.db, viewer.user.id, query.q) }));
};
