// Sessions: a random token in an httpOnly, SameSite=Lax cookie; the database keeps only its
// SHA-256, the user and an expiry. Logout, password reset and account deletion delete rows, so
// they end sessions at once.
//
// Lifetime: 30 days, sliding. A session used at least a day after its expiry was last moved is
// extended to 30 days from then (one write a day per browser at most, not one per request), and
// the cookie's Max-Age with it. A session unused for 30 days ends. That same write notes when the
// session was last used: the person's list of active sessions (active-sessions.ts) shows it, with
// the device label taken from the User-Agent at sign-in.
//
// Cross-site requests: every state-changing call (not GET/HEAD/OPTIONS) under /api must come
// from the product's own origin. Browsers send `Origin` on such requests (`Referer` is the
// fallback); it must equal PUBLIC_URL's origin or the origin the request was addressed to
// (scheme + Host: the same origin, e.g. behind the Vite proxy in development). Anything else,
// `Origin: null` included, answers 403. A request with neither header is not from a browser
// page, so it cannot carry a victim's cookie: it is let through (the SameSite=Lax cookie
// is the second wall, browsers do not send it on cross-site POSTs at all).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { sessions, users, type User } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { deviceLabel } from './device-label.ts';

export const SESSION_COOKIE = 'pitlane_session';
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** How often (at most) a used session's expiry moves forward. */
const SESSION_EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

/** The signed-in user of a request, and which session it came with. */
export interface Viewer {
  user: User;
  sessionTokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api request: the session's user, or null without a valid session. */
    viewer: Viewer | null;
  }
}

/** Hex SHA-256: how session and flow tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function cookieOptions(app: FastifyInstance) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.publicUrl.startsWith('https:'),
  };
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(app), maxAge: SESSION_LIFETIME_MS / 1000 });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
}

/** Signs `userId` in on this browser: a new session row and its cookie. */
export async function startSession(app: FastifyInstance, reply: FastifyReply, userId: string): Promise<void> {
  const token = newToken();
  const now = app.now();
  await app.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    lastUsedAt: now,
    device: deviceLabel(reply.request.headers['user-agent']),
  });
  // Housekeeping while we are here: this user's sessions that ran out.
  await app.db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  setSessionCookie(app, reply, token);
}

/**
 * Rotation: the session `tokenHash` names gets a new token (after a password change, a copy of
 * the old cookie signs nobody in); its row stays, with its public id, device and sign-in time.
 * Returns the new token: set it with setSessionCookie only after the transaction (`db` may be
 * one) has committed, as a cookie sent with a rolled-back change would sign the browser out.
 */
export async function renewSessionToken(db: Db, tokenHash: string): Promise<string> {
  const token = newToken();
  await db.update(sessions).set({ tokenHash: hashToken(token) }).where(eq(sessions.tokenHash, tokenHash));
  return token;
}

/** Ends the session this request came with (if any) and clears its cookie. */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await app.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  clearSessionCookie(app, reply);
}

/** Ends every session of a user, except `keepTokenHash` when given. */
export async function endSessionsOf(db: Db, userId: string, keepTokenHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));
}

/**
 * A suspended account (modules/moderation) cannot sign in: 403 `accountSuspended`, which says no
 * more (not why, not until when). Every sign-in checks it once the person proved who they are.
 */
export function refuseSuspended(user: Pick<User, 'suspendedAt'>): void {
  if (user.suspendedAt) throw new HttpError(403, REFUSAL_MESSAGES.accountSuspended);
}

/** Route hook: answers 401 unless the request has a valid session. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.viewer) throw new HttpError(401, REFUSAL_MESSAGES.notSignedIn);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOfReferer(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  return URL.canParse(referer) ? new URL(referer).origin : 'null';
}

/** The cross-site check of every state-changing call (see the top of this file). */
function refuseCrossSite(app: FastifyInstance, request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin ?? originOfReferer(request.headers.referer);
  if (origin === undefined) return;
  const publicOrigin = new URL(app.config.publicUrl).origin;
  const addressed = `${request.protocol}://${request.host}`;
  if (origin === publicOrigin || origin === addressed) return;
  throw new HttpError(403, AUTH_MESSAGES.crossSite);
}

/** The session's user and expiry, built once per database as a prepared statement: every request runs it. */
function viewerLookup(db: Db) {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A suspended account's sessions are deleted with the suspension; this also refuses one a
    // sign-in started just before it could have left behind.
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.suspendedAt)))
    .limit(1)
    .prepare('pitlane_session_viewer');
}
const viewerLookups = new WeakMap<Db, ReturnType<typeof viewerLookup>>();

/** The session of `token` with its user, if it is valid now (the same check as every API call's). */
export async function sessionOf(app: FastifyInstance, token: string) {
  const tokenHash = hashToken(token);
  let lookup = viewerLookups.get(app.db);
  if (!lookup) viewerLookups.set(app.db, (lookup = viewerLookup(app.db)));
  const [row] = await lookup.execute({ tokenHash, now: app.now() });
  return row ? { ...row, tokenHash } : null;
}

async function loadViewer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const now = app.now();
  const row = await sessionOf(app, token);
  if (!row) {
    // Ended, expired or made up: forget it, so the browser stops sending it.
    clearSessionCookie(app, reply);
    return;
  }
  const extended = now.getTime() + SESSION_LIFETIME_MS;
  if (extended - row.expiresAt.getTime() >= SESSION_EXTEND_AFTER_MS) {
    await app.db.update(sessions).set({ expiresAt: new Date(extended), lastUsedAt: now }).where(eq(sessions.tokenHash, row.tokenHash));
    setSessionCookie(app, reply, token);
  }
  request.viewer = { user: row.user, sessionTokenHash: row.tokenHash };
}

/** Adds the cross-site refusal and the session lookup to every route of `api` (the /api scope). */
export function registerSessions(api: FastifyInstance): void {
  api.decorateRequest('viewer', null);
  api.addHook('onRequest', async (request, reply) => {
    refuseCrossSite(api, request);
    await loadViewer(api, request, reply);
  });
}
