// Two-factor sign-in (issue 19) through the third-party provider: the provider proves the e-mail
// address, not the phone, so an account with two-factor sign-in is asked for its code there too,
// with the same challenge step as after a password.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TwoFactorSetup } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, type UseAppOptions } from '../../../test/harness.ts';
import { startOidcProvider } from '../../../test/oidc-provider.ts';
import { browser, person, type Browser } from '../../../test/browser.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

const PUBLIC_URL = 'http://pitlane.test';
const START = Date.parse('2027-03-01T10:00:05Z');
let now = START;
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
  clock: () => new Date(now),
  get env() {
    return { PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'pitlane', OIDC_CLIENT_SECRET: 'test-secret', OIDC_PROVIDER_NAME: 'Apex ID' };
  },
};

async function providerSignIn(b: Browser) {
  const start = await b.get('/api/auth/apex-id/start');
  const callback = await provider.authorize(String(start.headers.location));
  return b.post('/api/auth/apex-id', { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') });
}

describe.each(backends)('two-factor sign-in through the provider on $name', (backend) => {
  const t = useApp(backend, options);

  it('asks an account with two-factor sign-in for its code, and signs in with it', async () => {
    now = START;
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    const { secret } = (await maya.browser.post('/api/two-factor/setup')).json<TwoFactorSetup>();
    const code = () => generate({ secret, epoch: Math.floor(now / 1000) });
    expect((await maya.browser.post('/api/two-factor/enable', { code: await code() })).statusCode).toBe(200);
    now += 30_000;

    provider.setAccount({ sub: 'sub-maya', email: maya.email, emailVerified: true, name: 'Maya Fischer', preferredUsername: 'maya' });
    const laptop = browser(t.app);
    const first = await providerSignIn(laptop);
    expect(first.statusCode).toBe(200);
    const { twoFactorRequired, challenge } = first.json<{ twoFactorRequired: boolean; challenge: string }>();
    expect(twoFactorRequired).toBe(true);
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(false);

    const second = await laptop.post('/api/auth/login/two-factor', { challenge, code: await code() });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ user: { id: string } }>().user.id).toBe(maya.id);
    expect((await laptop.get('/api/auth/verify')).statusCode).toBe(200);
  });
});
