// Every way into a suspended account (modules/moderation/README.md "Suspension") answers 403
// `accountSuspended`, and each of those routes declares 403 in the contract (its `errors`, which
// the OpenAPI document and the API reference list): password login, third-party sign-in, and a
// password reset with a code mailed before the suspension. The session lookup answers 401, as
// for any ended session (declared by every signed-in route).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, routes, type RouteName } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, type UseAppOptions } from '../../../test/harness.ts';
import { startOidcProvider } from '../../../test/oidc-provider.ts';
import { browser, inboxMark, codeAfter, PASSWORD, person, type Browser } from '../../../test/browser.ts';
import { makeOperator, suspend, unsuspend } from '../../../test/moderation.ts';

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
  get env() {
    return { PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'pitlane', OIDC_CLIENT_SECRET: 'test-secret', OIDC_PROVIDER_NAME: 'Apex ID' };
  },
};

/** The status answered, checked against the statuses `name` declares (its success and `errors`). */
function declared(name: RouteName, response: LightMyRequestResponse): [number, unknown] {
  const route = routes[name];
  const statuses: readonly number[] = [('status' in route ? route.status : undefined) ?? 200, ...route.errors];
  expect(statuses, `${name} answered ${response.statusCode}, which it does not declare`).toContain(response.statusCode);
  return [response.statusCode, response.json()];
}

async function providerSignIn(b: Browser) {
  const start = await b.get('/api/auth/apex-id/start');
  const callback = await provider.authorize(String(start.headers.location));
  return b.post('/api/auth/apex-id', { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! });
}

const suspended = [403, { message: REFUSAL_MESSAGES.accountSuspended }];

describe.each(backends)('signing in to a suspended account on $name', (backend) => {
  const t = useApp(backend, options);

  it('answers 403 to login, third-party sign-in and a reset with an earlier code, each declared; lifting lets them in', async () => {
    const operator = await person(t.app, sink, 'operator');
    await makeOperator(t.db, operator);
    const bob = await person(t.app, sink, 'bob', 'Bob Driver');
    // Bob also signs in through the provider (linked by his verified address).
    provider.setAccount({ sub: 'sub-bob', email: bob.email, emailVerified: true, name: 'Bob Driver', preferredUsername: 'bob' });
    expect(declared('auth.provider', await providerSignIn(browser(t.app)))[0]).toBe(200);
    // A reset code mailed before the suspension.
    const mark = inboxMark(sink);
    expect((await browser(t.app).post('/api/auth/forgot-password', { email: bob.email })).statusCode).toBe(200);
    const otp = await codeAfter(sink, mark, bob.email);
    const reset = { email: bob.email, otp, newPassword: 'Boxer@356', confirmPassword: 'Boxer@356' };

    expect((await suspend(operator, bob.id)).statusCode).toBe(200);
    expect(declared('auth.verify', await bob.browser.get('/api/auth/verify'))[0]).toBe(401);
    expect(declared('auth.login', await browser(t.app).post('/api/auth/login', { email: bob.email, password: PASSWORD }))).toEqual(suspended);
    expect(declared('auth.provider', await providerSignIn(browser(t.app)))).toEqual(suspended);
    expect(declared('auth.resetPassword', await browser(t.app).post('/api/auth/reset-password', reset))).toEqual(suspended);
    // The refused reset changed nothing: the old password is still the one (and still refused).
    expect(declared('auth.login', await browser(t.app).post('/api/auth/login', { email: bob.email, password: 'Boxer@356' }))[0]).toBe(401);

    expect((await unsuspend(operator, bob.id)).statusCode).toBe(200);
    expect(declared('auth.login', await browser(t.app).post('/api/auth/login', { email: bob.email, password: PASSWORD }))[0]).toBe(200);
    expect(declared('auth.provider', await providerSignIn(browser(t.app)))[0]).toBe(200);
    // The code was not used up by the refusal (it was rolled back with it).
    expect(declared('auth.resetPassword', await browser(t.app).post('/api/auth/reset-password', reset))[0]).toBe(200);
  });
});
