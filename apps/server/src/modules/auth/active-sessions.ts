// Active sessions (issue 19): the signed-in person's list of sessions (each browser or device
// signed in to the account) and the two ways to end them: one other session, or every other
// one ("log out everywhere else"). An ended session's row is deleted, so its cookie answers 401
// on its next request (sessions.ts) and its live stream ends (live/hub.ts).
//
// A session is named by its random `public_id`, never by its token or the token's hash. An id
// that is not one of the viewer's sessions, someone else's included, is 404 alike: nothing says
// whether it exists. The current session is ended by logging out, not here (400).
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type ActiveSession } from '@pitlane/api/contract';
import { sessions } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { HttpError } from '../../plugins/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { endSessionsOf, type Viewer } from './sessions.ts';

/** The viewer's sessions that have not run out: the current one first, then by last use. */
export async function activeSessionsOf(db: Db, viewer: Viewer, now: Date): Promise<ActiveSession[]> {
  const current = sql<boolean>`${sessions.tokenHash} = ${viewer.sessionTokenHash}`;
  const rows = await db
    .select({ id: sessions.publicId, device: sessions.device, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, current })
    .from(sessions)
    .where(and(eq(sessions.userId, viewer.user.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(current), desc(sessions.lastUsedAt), desc(sessions.createdAt), sessions.publicId);
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastUsedAt.toISOString(),
    current: row.current,
  }));
}

export const activeSessionsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'sessions.list', {}, async ({ viewer }) => activeSessionsOf(app.db, viewer, app.now()));

  contractRoute(app, 'sessions.end', {}, async ({ params, viewer }) => {
    if (!isId(params.id)) throw new HttpError(404, NOT_FOUND_MESSAGES.session);
    const mine = and(eq(sessions.publicId, params.id), eq(sessions.userId, viewer.user.id));
    const ended = await app.db
      .delete(sessions)
      .where(and(mine, ne(sessions.tokenHash, viewer.sessionTokenHash)))
      .returning({ id: sessions.publicId });
    if (ended.length > 0) return { message: SUCCESS_MESSAGES.sessionEnded };
    const [current] = await app.db.select({ id: sessions.publicId }).from(sessions).where(and(mine, eq(sessions.tokenHash, viewer.sessionTokenHash)));
    throw current ? new HttpError(400, REFUSAL_MESSAGES.cannotEndCurrentSession) : new HttpError(404, NOT_FOUND_MESSAGES.session);
  });

  contractRoute(app, 'sessions.endOthers', {}, async ({ viewer }) => {
    await endSessionsOf(app.db, viewer.user.id, viewer.sessionTokenHash);
    return { message: SUCCESS_MESSAGES.otherSessionsEnded };
  });
};
