// Active sessions (issue 19): the signed-in person's sessions — each browser or device signed in
// to the account — and ending one other, or all the others ("log out everywhere else"). A
// session is named by a random public id, never by its token or the token's hash.
import { z } from 'zod';
import { at } from '../endpoints.ts';
import { Id, IsoDateTime, MessageBody } from '../schemas.ts';
import { route } from './define.ts';

/** One of the viewer's sessions, as the list shows it. */
export const ActiveSession = z.object({
  /** Opaque and not secret: it names the session for "end this one", and signs no one in. */
  id: Id,
  /** Browser and system from the User-Agent at sign-in, e.g. "Chrome on Linux"; null when it said nothing usable. */
  device: z.string().nullable(),
  /** When the session was signed in. */
  createdAt: IsoDateTime,
  /** When it was last used, to the day (the server notes use at most once a day). */
  lastActiveAt: IsoDateTime,
  /** The session this request came with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

export const sessionsRoutes = {
  'sessions.list': route({
    ...at('sessions.list'), tag: 'auth', auth: true,
    summary: 'The viewer’s active sessions: the current one first (`current: true`), then the others, most recently used first.',
    response: z.array(ActiveSession), errors: [401],
  }),
  'sessions.end': route({
    ...at('sessions.end'), tag: 'auth', auth: true,
    summary: 'End one of the viewer’s other sessions: that browser is signed out on its next request. 404 for an id that is not one of the viewer’s sessions; 400 for the current one (log out ends it).',
    params: z.object({ id: Id }),
    response: MessageBody, errors: [400, 401, 404],
  }),
  'sessions.endOthers': route({
    ...at('sessions.endOthers'), tag: 'auth', auth: true,
    summary: 'Log out everywhere else: end every session of the viewer except the current one.',
    response: MessageBody, errors: [401],
  }),
} as const;
