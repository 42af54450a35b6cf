import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { startOidcProvider } from './oidc-provider.ts';

// Proves the test provider itself: an authorization-code flow with PKCE, state and nonce,
// done by openid-client as the product will do it.
describe('the OpenID Connect test provider', () => {
  const redirectUri = 'http://127.0.0.1:9/login/callback';
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider({ clientId: 'pitlane', clientSecret: 'test-secret', redirectUri });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('issues a code that exchanges for verified identity claims', async () => {
    const config = await oidc.discovery(new URL(provider.issuer), 'pitlane', 'test-secret', undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });

    const callback = await provider.authorize(url.href);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    const sub = tokens.claims()?.sub;
    expect(sub).toBe('oidc-user-1');
    // Profile and e-mail claims come from the userinfo endpoint (the ID token carries only sub).
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, sub!);
    expect(userinfo).toMatchObject({ email: 'driver@example.com', email_verified: true, name: 'Ayrton Driver', preferred_username: 'ayrton' });
  });
});
