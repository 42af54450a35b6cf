import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcTestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  preferredUsername?: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback for tests. Its login and consent
 * steps complete on their own for the current test account, so a test can play the browser:
 * open the authorization URL the product made, follow redirects, and get the `code` back.
 */
export async function startOidcProvider(client: { clientId: string; clientSecret: string; redirectUri: string }) {
  let account: OidcTestAccount = {
    sub: 'oidc-user-1',
    email: 'driver@example.com',
    emailVerified: true,
    name: 'Ayrton Driver',
    preferredUsername: 'ayrton',
  };

  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: account.email,
        email_verified: account.emailVerified,
        name: account.name,
        preferred_username: account.preferredUsername,
      }),
    }),
    // Keys are generated per run; tests never need stable ones.
    cookies: { keys: ['pitlane-test-cookie-key'] },
  });
  const providerCallback = provider.callback();

  // The provider's own interaction step, answered for the current account: log in, then consent.
  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: account.sub } });
      return;
    }
    const grant = new provider.Grant({ accountId: account.sub, clientId: client.clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  http.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    } else {
      providerCallback(req, res);
    }
  });

  return {
    issuer,
    setAccount(next: OidcTestAccount) {
      account = next;
    },
    /**
     * Plays the browser: follows redirects from `authorizationUrl` (keeping the provider's
     * cookies) until the provider sends it to the product's redirect URI, and returns that URL.
     */
    async authorize(authorizationUrl: string): Promise<URL> {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 20; hop++) {
        if (url.startsWith(client.redirectUri)) return new URL(url);
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${url} with ${res.status}: ${await res.text()}`);
        url = new URL(location, url).toString();
      }
      throw new Error('too many redirects');
    },
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
