// GET /api/suggestions: people to follow and communities to join (spec §2 "Suggestions panel").
//
// People: everyone the viewer does not follow, not the viewer, and no one hidden from the viewer
// (issue 18: a block pair, or muted; modules/safety/README.md). Those who follow the viewer come
// first ("Follow Back", `followsYou: true`), then the most followed, then the newest accounts.
// Communities: those the viewer has not joined, by member count (none exist yet, see below).
// Both at most SUGGESTION_LIMIT.
import { and, desc, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { SUGGESTION_LIMIT } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { communitiesToJoin } from '../communities/read.ts';
import { follows, users } from '../../db/schema.ts';
import { contractRoute } from '../contract-route.ts';
import { notHidden } from '../safety/hidden.ts';
import { summaryOf } from '../users/service.ts';

async function suggestedUsers(db: Db, viewerId: string) {
  const followsYou = sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${users.id} and ${follows.followeeId} = ${viewerId})`;
  const followerCount = sql<number>`(select count(*) from ${follows} where ${follows.followeeId} = ${users.id})`.mapWith(Number);
  const rows = await db
    .select({ user: users, followsYou, followerCount })
    .from(users)
    .where(
      and(
        ne(users.id, viewerId),
        sql`not exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${users.id})`,
        notHidden(sql`${users.id}`, viewerId),
      ),
    )
    .orderBy(desc(followsYou), desc(followerCount), desc(users.createdAt), desc(users.id))
    .limit(SUGGESTION_LIMIT);
  return rows.map((row) => ({ ...summaryOf(row.user), followsYou: Boolean(row.followsYou) }));
}

export const suggestionsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'suggestions.list', {}, async ({ viewer }) => {
    const [suggested, communities] = await Promise.all([
      suggestedUsers(app.db, viewer.user.id),
      communitiesToJoin(app.db, viewer.user.id, SUGGESTION_LIMIT, app.media.defaultUrls.communityCover),
    ]);
    return { users: suggested, communities };
  });
};
