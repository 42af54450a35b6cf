// A stateful in-memory fake of the Pitlane server, in plain TypeScript (no MSW here). It answers
// every route of the contract's `routes` table with the rules the real server has: the
// permissions of spec §6, the limits of §9, the validation of §5 (through the contract's own
// schemas and messages) and the cascades of §4. The MSW handlers (handlers.ts) are a thin HTTP
// skin over `handle`. Each domain's routes live in backend/<domain>.ts, split as the server's
// modules and the hooks are; backend/world.ts holds the records and what the domains share.
import type { z } from 'zod';
import { REFUSAL_MESSAGES, routes, type RouteDefinition, type RouteName } from '../contract/index.ts';
import type { MockSeed, MockUser } from './state.ts';
import { Refusal, refuse, type Context, type Implementation, type MockReply, type MockRequest } from './backend/context.ts';
import { createWorld } from './backend/world.ts';
import { authRoutes } from './backend/auth.ts';
import { usersRoutes } from './backend/users.ts';
import { suggestionsRoutes } from './backend/suggestions.ts';
import { searchRoutes } from './backend/search.ts';
import { tagsRoutes } from './backend/tags.ts';
import { postsRoutes } from './backend/posts.ts';
import { commentsRoutes } from './backend/comments.ts';
import { communitiesRoutes } from './backend/communities.ts';
import { notificationsRoutes } from './backend/notifications.ts';
import { garageRoutes } from './backend/garage.ts';
import { safetyRoutes } from './backend/safety.ts';
import { moderationRoutes } from './backend/moderation.ts';
import { recordSession, sessionsRoutes } from './backend/sessions.ts';
import { exportRoutes } from './backend/export.ts';
import { twoFactorRoutes } from './backend/two-factor.ts';
import { meetsRoutes } from './backend/meets.ts';

export { Refusal, SESSION_COOKIE, type MockReply, type MockRequest } from './backend/context.ts';

export interface MockBackend {
  /** Answer one call of the route table. Never throws for a refusal; it answers with it. */
  handle(name: RouteName, request: MockRequest): Promise<MockReply>;
  /** The live state. Read it in tests; change it only to stage a story. */
  readonly state: MockSeed;
  /** The last one-time code e-mailed to this address (registration, reset, deletion). */
  lastOtp(email: string): string | undefined;
  /** Requests without a session cookie act as this user (by username), as in a story. */
  signInAs(username: string): void;
  signOut(): void;
  /** The user requests without a cookie act as, if any. */
  defaultViewer(): MockUser | null;
  findUser(username: string): MockUser | undefined;
  /** An ISO date later than every date the fake has issued. */
  now(): string;
}

export function createMockBackend(seed: MockSeed): MockBackend {
  const world = createWorld(seed);
  const { state, sessions, otps, viewers, now, userById, userByUsername } = world;

  const implementation: Implementation = {
    ...authRoutes(world),
    ...usersRoutes(world),
    ...suggestionsRoutes(world),
    ...searchRoutes(world),
    ...tagsRoutes(world),
    ...postsRoutes(world),
    ...commentsRoutes(world),
    ...communitiesRoutes(world),
    ...notificationsRoutes(world),
    ...garageRoutes(world),
    ...safetyRoutes(world),
    ...moderationRoutes(world),
    ...sessionsRoutes(world),
    ...exportRoutes(world),
    ...twoFactorRoutes(world),
    ...meetsRoutes(world),
  };

  /** A suspended person is nobody's viewer (issue 18): their sessions ended, a story's too. */
  function viewerOf(session: string | undefined): MockUser | null {
    const user = session !== undefined && sessions.has(session) ? userById(sessions.get(session)!) : viewers.defaultId === null ? undefined : userById(viewers.defaultId);
    return user && user.suspended !== true ? user : null;
  }

  /** Validate with the contract's schema; a refusal answers 400 with the first issue's message. */
  function validate(schema: z.ZodType | undefined, input: unknown): unknown {
    if (!schema) return {};
    const result = schema.safeParse(input ?? {});
    if (!result.success) refuse(400, result.error.issues[0]?.message ?? REFUSAL_MESSAGES.invalidRequest);
    return result.data;
  }

  async function handle(name: RouteName, request: MockRequest): Promise<MockReply> {
    const route: RouteDefinition = routes[name];
    const reply: MockReply = { status: route.status ?? 200, body: undefined };
    try {
      const maybeViewer = viewerOf(request.session);
      if (route.auth && !maybeViewer) refuse(401, REFUSAL_MESSAGES.notSignedIn);

      const params = validate(route.params, request.params);
      const query = validate(route.query, request.query);
      const body = validate(route.body?.kind === 'json' ? route.body.schema : route.body?.fields, request.body);

      const ctx: Context<RouteName> = {
        params: params as never,
        query: query as never,
        body: body as never,
        files: request.files ?? {},
        get viewer() {
          return maybeViewer ?? refuse(401, REFUSAL_MESSAGES.notSignedIn);
        },
        maybeViewer,
        session: request.session,
        startSession(user) {
          const token = `${user.id}.${crypto.randomUUID()}`;
          sessions.set(token, user.id);
          recordSession(world, token, user.id);
          reply.session = token;
        },
        endSession() {
          if (request.session !== undefined && sessions.has(request.session)) sessions.delete(request.session);
          else viewers.defaultId = null; // a story's signed-in user logs out
          reply.session = null;
        },
        attach(fileName) {
          reply.fileName = fileName;
        },
      };
      const result = await (implementation[name] as (ctx: Context<RouteName>) => unknown)(ctx);
      // A reply that breaks the contract is a bug in the fake: fail loudly.
      reply.body = route.response.parse(result);
      return reply;
    } catch (error) {
      if (error instanceof Refusal) return { status: error.status, body: { message: error.message }, ...(reply.session !== undefined ? { session: reply.session } : {}) };
      throw error;
    }
  }

  if (seed.signedInAs) {
    const user = userByUsername(seed.signedInAs);
    if (!user) throw new Error(`signedInAs: no user "${seed.signedInAs}" in the fixture`);
    viewers.defaultId = user.id;
  }

  return {
    handle,
    get state() {
      return state;
    },
    lastOtp: (email) => otps.get(email.trim().toLowerCase()),
    signInAs(username) {
      const user = userByUsername(username);
      if (!user) throw new Error(`signInAs: no user "${username}"`);
      viewers.defaultId = user.id;
    },
    signOut() {
      viewers.defaultId = null;
      sessions.clear();
    },
    defaultViewer: () => (viewers.defaultId === null ? null : (userById(viewers.defaultId) ?? null)),
    findUser: userByUsername,
    now,
  };
}
