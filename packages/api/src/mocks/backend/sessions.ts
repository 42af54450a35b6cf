// Active sessions (issue 19; apps/server/src/modules/auth/active-sessions.ts): the viewer's
// sessions, the current one first, and ending one other or all the others. The fake's session
// cookies (world.sessions) each have a record here; the session of requests without a cookie (a
// story's signed-in user) is the record whose token is null, made when first needed.
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type ActiveSession } from '../../contract/index.ts';
import type { MockSession, MockUser } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import type { World } from './world.ts';

/** The session records of a world (older seeds have none); only ever changed in place. */
const recordsOf = (world: World): MockSession[] => (world.state.sessions ??= []);

/** Notes a session cookie the fake just issued (a sign-in), as the server notes its row. */
export function recordSession(world: World, token: string, userId: string): void {
  const at = world.now();
  recordsOf(world).push({ id: world.newId('session'), userId, token, device: null, createdAt: at, lastActiveAt: at });
}

export function sessionsRoutes(world: World): DomainRoutes<'sessions'> {
  const { sessions, viewers, now, newId } = world;
  const records = recordsOf(world);
  for (const record of records) if (record.token !== null) sessions.set(record.token, record.userId);

  /** Signed in still: its cookie is a live session, or it is the cookie-less session of the story's user. */
  const alive = (record: MockSession) => (record.token === null ? viewers.defaultId === record.userId : sessions.get(record.token) === record.userId);

  /** The record of the session this request came with (made for a story's user on first need). */
  function currentOf(viewer: MockUser, cookie: string | undefined): MockSession {
    const token = cookie !== undefined && sessions.has(cookie) ? cookie : null;
    const found = records.find((r) => r.userId === viewer.id && r.token === token);
    if (found) return found;
    const at = now();
    const made: MockSession = { id: newId('session'), userId: viewer.id, token, device: null, createdAt: at, lastActiveAt: at };
    records.push(made);
    return made;
  }

  const othersOf = (viewer: MockUser, current: MockSession) => records.filter((r) => r.userId === viewer.id && r !== current && alive(r));

  function end(record: MockSession): void {
    records.splice(records.indexOf(record), 1);
    if (record.token !== null) sessions.delete(record.token);
  }

  const shape = (record: MockSession, current: boolean): ActiveSession => ({
    id: record.id,
    device: record.device,
    createdAt: record.createdAt,
    lastActiveAt: record.lastActiveAt,
    current,
  });

  return {
    'sessions.list': ({ viewer, session }) => {
      const current = currentOf(viewer, session);
      const others = othersOf(viewer, current).sort((a, b) => (a.lastActiveAt < b.lastActiveAt ? 1 : a.lastActiveAt > b.lastActiveAt ? -1 : 0));
      return [shape(current, true), ...others.map((record) => shape(record, false))];
    },

    'sessions.end': ({ params, viewer, session }) => {
      const current = currentOf(viewer, session);
      if (params.id === current.id) refuse(400, REFUSAL_MESSAGES.cannotEndCurrentSession);
      const record = othersOf(viewer, current).find((r) => r.id === params.id);
      // Someone else's session answers as one that does not exist.
      if (!record) refuse(404, NOT_FOUND_MESSAGES.session);
      end(record);
      return { message: SUCCESS_MESSAGES.sessionEnded };
    },

    'sessions.endOthers': ({ viewer, session }) => {
      const current = currentOf(viewer, session);
      for (const record of othersOf(viewer, current)) end(record);
      // Cookies the fake issued without a record (none today) end too.
      for (const [token, userId] of sessions) if (userId === viewer.id && token !== current.token) sessions.delete(token);
      return { message: SUCCESS_MESSAGES.otherSessionsEnded };
    },
  };
}
