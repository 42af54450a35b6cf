import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { oidcIdentities, users } from '../../db/schema.ts';
import { backends, useApp, useSmtpSink, type UseAppOptions } from '../../../test/harness.ts';
import { startOidcProvider } from '../../../test/oidc-provider.ts';
import { browser, PASSWORD, person, type Browser } from '../../../test/browser.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { SESSION_COOKIE } from './sessions.ts';

const PUBLIC_URL = 'http://pitlane.test';
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
const sink = useSmtpSink();
beforeAll(async () => {
  provider = await startOidcProvider({ clientId: 'pitlane', clientSecret: 'test-secret', redirectUri: `${PUBLIC_URL}/login` });
});
afterAll(async () => {
  await provider.close();
});
const options: UseAppOptions = {
  sink,
  // Read when each test's app is built, once the provider runs.
  get env() {
    return { PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'pitlane', OIDC_CLIENT_SECRET: 'test-secret', OIDC_PROVIDER_NAME: 'Apex ID' };
  },
};

/** The browser's round trip: start → provider → back at /login with code and state. */
async function authorize(b: Browser): Promise<{ code: string; state: string }> {
  const start = await b.get('/api/auth/apex-id/start');
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  expect(location.startsWith(provider.issuer)).toBe(true);
  const authorization = new URL(location);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('scope')).toBe('openid profile email');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  const callback = await provider.authorize(location);
  expect(callback.pathname).toBe('/login');
  return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! };
}

async function signIn(b: Browser) {
  const { code, state } = await authorize(b);
  return b.post('/api/auth/apex-id', { code, state });
}

describe.each(backends)('OpenID Connect sign-in on $name', (backend) => {
  const t = useApp(backend, options);

  it('tells the web app the provider’s name, id and where to start', async () => {
    const response = await browser(t.app).get('/api/auth/provider');
    expect(response.json()).toEqual({ provider: { id: 'apex-id', name: 'Apex ID', startUrl: '/api/auth/apex-id/start' } });
  });

  it('creates the account on first sign-in, and signs into the same one later', async () => {
    provider.setAccount({ sub: 'sub-ayrton', email: 'ayrton@example.com', emailVerified: true, name: 'Ayrton Driver', preferredUsername: 'Ayrton.S' });
    const laptop = browser(t.app);
    const first = await signIn(laptop);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ username: 'ayrton.s', fullName: 'Ayrton Driver', email: 'ayrton@example.com', followers: [], following: [] });
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(true);
    expect((await laptop.get('/api/auth/verify')).json().user.id).toBe(first.json().user.id);

    const phone = browser(t.app);
    const again = await signIn(phone);
    expect(again.json().user.id).toBe(first.json().user.id);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('gives a numeric suffix when the derived username is taken', async () => {
    await person(t.app, sink, 'ayrton');
    provider.setAccount({ sub: 'sub-2', email: 'other.ayrton@example.com', emailVerified: true, name: 'Ayrton Other', preferredUsername: 'ayrton' });
    const response = await signIn(browser(t.app));
    expect(response.json().user.username).toBe('ayrton2');
    provider.setAccount({ sub: 'sub-3', email: 'third@example.com', emailVerified: true, name: 'Ayrton Third', preferredUsername: 'AYRTON' });
    expect((await signIn(browser(t.app))).json().user.username).toBe('ayrton3');
  });

  it('links to an existing account by verified e-mail; the password keeps working', async () => {
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    provider.setAccount({ sub: 'sub-maya', email: maya.email.toUpperCase(), emailVerified: true, name: 'Maya F', preferredUsername: 'mayaf' });
    const response = await signIn(browser(t.app));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: maya.id, username: 'maya', fullName: 'Maya Fischer' });
    expect(await t.db.select().from(oidcIdentities)).toEqual([expect.objectContaining({ subject: 'sub-maya', userId: maya.id })]);
    expect((await browser(t.app).post('/api/auth/login', { email: maya.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('never links an unverified e-mail address to an existing account', async () => {
    const maya = await person(t.app, sink, 'maya');
    provider.setAccount({ sub: 'sub-mallory', email: maya.email, emailVerified: false, name: 'Mallory', preferredUsername: 'mallory' });
    const b = browser(t.app);
    const response = await signIn(b);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.providerEmailUnverified });
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await t.db.select().from(oidcIdentities)).toEqual([]);
  });

  it('creates an account for an unverified address nobody uses', async () => {
    provider.setAccount({ sub: 'sub-new', email: 'fresh@example.com', emailVerified: false, name: 'Fresh Driver' });
    const response = await signIn(browser(t.app));
    expect(response.json().user).toMatchObject({ username: 'freshdriver', email: 'fresh@example.com' });
  });

  it('refuses a made-up code, a wrong state, a replayed flow and a missing flow cookie with 400', async () => {
    provider.setAccount({ sub: 'sub-x', email: 'x@example.com', emailVerified: true, name: 'Xavier' });
    const b = browser(t.app);
    const made = await authorize(b);
    const madeUp = await b.post('/api/auth/apex-id', { code: 'not-a-code', state: made.state });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual({ message: REFUSAL_MESSAGES.providerCodeInvalid });
    // That flow is used up, even by its real code.
    expect((await b.post('/api/auth/apex-id', { code: made.code, state: made.state })).statusCode).toBe(400);

    const next = await authorize(b);
    expect((await b.post('/api/auth/apex-id', { code: next.code, state: 'forged' })).statusCode).toBe(400);

    const stranger = browser(t.app);
    const other = await authorize(b);
    const noCookie = await stranger.post('/api/auth/apex-id', { code: other.code, state: other.state });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json()).toEqual({ message: REFUSAL_MESSAGES.providerCodeInvalid });
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('answers 404 for another provider and 400 for a body without a code', async () => {
    const b = browser(t.app);
    expect((await b.get('/api/auth/google/start')).statusCode).toBe(404);
    expect((await b.post('/api/auth/google', { code: 'x' })).statusCode).toBe(404);
    expect((await b.post('/api/auth/apex-id', {})).statusCode).toBe(400);
    expect((await b.post('/api/auth/Apex%20ID', { code: 'x' })).statusCode).toBe(400);
  });
});

describe('OpenID Connect sign-in without a provider', () => {
  const t = useApp(backends[0]!, { fresh: 'suite' });

  it('says none is configured and answers its paths with 404', async () => {
    const b = browser(t.app);
    expect((await b.get('/api/auth/provider')).json()).toEqual({ provider: null });
    expect((await b.post('/api/auth/openid', { code: 'x' })).statusCode).toBe(404);
    expect((await b.get('/api/auth/openid/start')).statusCode).toBe(404);
  });
});
