// Third-party sign-in: OpenID Connect authorization-code flow with state, nonce and PKCE
// (openid-client), for the provider configured by OIDC_ISSUER / OIDC_CLIENT_ID /
// OIDC_CLIENT_SECRET / OIDC_PROVIDER_NAME.
//
//   GET  /api/auth/provider            → { provider: { id, name, startUrl } | null }   (contract)
//   GET  /api/auth/{id}/start          → 302 to the provider. A random flow token goes into a
//                                         10-minute httpOnly cookie (`pitlane_oidc`, path
//                                         /api/auth); its SHA-256, the state, the nonce and the
//                                         PKCE verifier into `oidc_logins`.
//   (provider → browser)               → `${PUBLIC_URL}/login?code=…&state=…` (the redirect URI
//                                         to register at the provider). The login page posts:
//   POST /api/auth/{id} { code, state } → the flow row is used up, the code exchanged with the
//                                         verifier, the ID token's nonce and the state checked;
//                                         then the account is found, linked or created, and a
//                                         session starts. `state` may be left out: the verifier
//                                         bound to this browser's flow cookie already makes a
//                                         code issued to anyone else fail the exchange.
//
// Accounts: an identity (issuer + sub) seen before signs into its account. Otherwise a verified
// e-mail address that belongs to an account links the identity to it; an unverified one never
// does (409). Otherwise a new account is made: username from preferred_username, name or the
// e-mail's local part, normalised by the §5 rule, with a numeric suffix when taken.
import { and, eq, gt, like, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { normalizeUsername, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import type { OidcConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { oidcIdentities, oidcLogins, users, type User } from '../../db/schema.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../plugins/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { findUserByEmail, sessionUserOf } from '../users/service.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { CLIENT_LIMITS } from './rate-limits.ts';
import { hashToken, newToken, refuseSuspended, startSession } from './sessions.ts';
import { challengeFor } from '../two-factor/challenges.ts';

const FLOW_COOKIE = 'pitlane_oidc';
const FLOW_COOKIE_PATH = '/api/auth';
const FLOW_LIFETIME_MS = 10 * 60 * 1000;
const SCOPES = 'openid profile email';
const MAX_USERNAME_LENGTH = 30;

/** The `{provider}` of the paths: the display name in lower case, reduced to [a-z0-9-]. */
export function providerId(providerName: string): string {
  const id = providerName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'openid';
}

/** Where the provider sends the browser back: the web app's login page, which posts the code. */
export function redirectUriOf(publicUrl: string): string {
  return `${publicUrl}/login`;
}

/** The provider's metadata, discovered once per app (again after a failure). */
function discoverer(settings: OidcConfig) {
  let discovered: Promise<oidc.Configuration> | null = null;
  return async (): Promise<oidc.Configuration> => {
    discovered ??= oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      // Plain http only for an issuer on this machine or a test network; https everywhere else.
      settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    try {
      return await discovered;
    } catch (error) {
      discovered = null;
      throw new HttpError(502, AUTH_MESSAGES.providerUnavailable, { cause: error });
    }
  };
}

interface ProviderProfile {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** A free username from `source` (§5 normal form; `base`, `base2`, `base3`… when taken). */
async function freeUsername(db: Db, source: string): Promise<string> {
  const base = normalizeUsername(source).slice(0, MAX_USERNAME_LENGTH) || 'driver';
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(or(eq(users.username, base), like(users.username, `${base}%`)));
  const taken = new Set(rows.map((row) => row.username.toLowerCase()));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The account this provider identity signs into: found, linked by verified e-mail, or created. */
async function accountFor(db: Db, profile: ProviderProfile): Promise<User> {
  const [known] = await db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, profile.issuer), eq(oidcIdentities.subject, profile.subject)))
    .limit(1);
  if (known) return known.user;

  if (!profile.email) throw new HttpError(400, AUTH_MESSAGES.providerNoEmail);
  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    if (!profile.emailVerified) throw new HttpError(409, AUTH_MESSAGES.providerEmailUnverified);
    await db.insert(oidcIdentities).values({ issuer: profile.issuer, subject: profile.subject, userId: existing.id });
    return existing;
  }

  const localPart = profile.email.split('@')[0] ?? '';
  const fullName = profile.name ?? profile.preferredUsername ?? localPart;
  // Two attempts: another sign-up may take the chosen username in between.
  for (let attempt = 0; ; attempt++) {
    const username = await freeUsername(db, profile.preferredUsername ?? profile.name ?? localPart);
    try {
      return await inTransaction(db, async (tx) => {
        const [created] = await tx.insert(users).values({ username, email: profile.email!, fullName, passwordHash: null }).returning();
        await tx.insert(oidcIdentities).values({ issuer: profile.issuer, subject: profile.subject, userId: created!.id });
        return created!;
      });
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error, 'users_username_unique')) continue;
      throw error;
    }
  }
}

/** True for errors that mean "this code (or flow) is no good", as opposed to an unreachable provider. */
function isRejectedCode(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('OAUTH_');
}

function registerProvider(app: FastifyInstance, settings: OidcConfig): void {
  const id = providerId(settings.providerName);
  const redirectUri = redirectUriOf(app.config.publicUrl);
  const configuration = discoverer(settings);
  const flowCookie = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.publicUrl.startsWith('https:'),
  };
  const unknownProvider = () => new HttpError(404, NOT_FOUND_MESSAGE);

  app.get(
    '/auth/:provider/start',
    { schema: { params: z.object({ provider: z.string() }) }, config: { rateLimit: CLIENT_LIMITS.providerSignIn } },
    async (request, reply) => {
      if ((request.params as { provider: string }).provider !== id) throw unknownProvider();
      const config = await configuration();
      const token = newToken();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const now = app.now();
      await app.db.insert(oidcLogins).values({
        tokenHash: hashToken(token),
        state,
        nonce,
        codeVerifier: verifier,
        expiresAt: new Date(now.getTime() + FLOW_LIFETIME_MS),
        createdAt: now,
      });
      await app.db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPES,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      reply.setCookie(FLOW_COOKIE, token, { ...flowCookie, maxAge: FLOW_LIFETIME_MS / 1000 });
      return reply.redirect(url.href, 302);
    },
  );

  contractRoute(app, 'auth.provider', { rateLimit: CLIENT_LIMITS.providerSignIn }, async ({ request, reply, params, body }) => {
    if (params.provider !== id) throw unknownProvider();
    const invalid = () => new HttpError(400, REFUSAL_MESSAGES.providerCodeInvalid);
    const token = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, flowCookie);
    if (!token) throw invalid();
    // The flow is used once, whatever happens next.
    const [flow] = await app.db
      .delete(oidcLogins)
      .where(and(eq(oidcLogins.tokenHash, hashToken(token)), gt(oidcLogins.expiresAt, app.now())))
      .returning();
    if (!flow) throw invalid();
    if (body.state !== undefined && body.state !== flow.state) throw invalid();

    const config = await configuration();
    // The authorization response as the browser received it at the redirect URI.
    const callback = new URL(redirectUri);
    callback.searchParams.set('code', body.code);
    callback.searchParams.set('state', flow.state);
    // RFC 9207: providers that add `iss` to the response expect it back; with one configured
    // provider there is no other issuer it could have come from.
    if (config.serverMetadata().authorization_response_iss_parameter_supported) {
      callback.searchParams.set('iss', config.serverMetadata().issuer);
    }

    let profile: ProviderProfile;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw invalid();
      // Profile and e-mail claims may be in the ID token or only at the userinfo endpoint.
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      const merged: Record<string, unknown> = { ...claims, ...userinfo };
      profile = {
        issuer: config.serverMetadata().issuer,
        subject: claims.sub,
        email: text(merged.email),
        emailVerified: merged.email_verified === true || merged.email_verified === 'true',
        name: text(merged.name),
        preferredUsername: text(merged.preferred_username),
      };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (isRejectedCode(error)) {
        request.log.info({ err: error }, 'third-party sign-in refused by the provider');
        throw invalid();
      }
      throw new HttpError(502, AUTH_MESSAGES.providerUnavailable, { cause: error });
    }

    const user = await accountFor(app.db, profile);
    refuseSuspended(user);
    // Two-factor sign-in asks for the code here too: the provider proves the e-mail, not the phone.
    const challenge = await challengeFor(app.db, user.id, app.now());
    if (challenge) return challenge;
    await startSession(app, reply, user.id);
    return { user: await sessionUserOf(app.db, user) };
  });
}

export const oidcRoutes: FastifyPluginAsync = async (app) => {
  const settings = app.config.oidc;
  const info = settings
    ? { id: providerId(settings.providerName), name: settings.providerName, startUrl: `/api/auth/${providerId(settings.providerName)}/start` }
    : null;

  contractRoute(app, 'auth.providerInfo', {}, async () => ({ provider: info }));

  if (settings) {
    registerProvider(app, settings);
  } else {
    // Without a provider the path still answers like any unknown resource (not 5xx, not a crash).
    contractRoute(app, 'auth.provider', {}, async () => {
      throw new HttpError(404, NOT_FOUND_MESSAGE);
    });
  }
};
