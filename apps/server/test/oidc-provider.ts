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

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /**
   * Show real sign-in and consent pages (HTML forms) instead of completing both steps on their
   * own: for a real browser (the web app's end-to-end tests, trying it by hand). The person types
   * an e-mail address and a name; the address is the identity (its `sub`), verified, and its
   * local part the `preferred_username`. Either page can be cancelled, which sends the browser
   * back with `error=access_denied`.
   */
  interactive?: boolean;
  /** The name the pages show (default "Test ID"). */
  displayName?: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback for tests. Its login and consent
 * steps complete on their own for the current test account, so a test can play the browser:
 * open the authorization URL the product made, follow redirects, and get the `code` back.
 * With `interactive`, a browser goes through its sign-in and consent pages instead.
 */
export async function startOidcProvider(client: OidcProviderOptions) {
  const displayName = client.displayName ?? 'Test ID';
  /** Accounts signed in on the interactive pages, by `sub`. */
  const typedIn = new Map<string, OidcTestAccount>();
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
    findAccount: async (_ctx, id) => {
      const who = typedIn.get(id) ?? account;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: who.email,
          email_verified: who.emailVerified,
          name: who.name,
          preferred_username: who.preferredUsername,
        }),
      };
    },
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

  // The same steps as pages a person fills in: sign in (e-mail and name), then consent.
  async function interactPages(req: IncomingMessage, res: ServerResponse) {
    const action = (req.url ?? '').split('?')[0]!.split('/')[3] ?? '';
    const details = await provider.interactionDetails(req, res);
    const uid = encodeURIComponent(details.uid);
    if (req.method === 'POST' && action === 'cancel') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === 'POST' && action === 'login' && details.prompt.name === 'login') {
      const form = new URLSearchParams(await bodyOf(req));
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const name = (form.get('name') ?? '').trim();
      if (!email.includes('@') || name === '') {
        page(res, 400, signInPage(uid, 'Enter your e-mail address and your name.'));
        return;
      }
      const sub = `email:${email}`;
      typedIn.set(sub, { sub, email, emailVerified: true, name, preferredUsername: email.split('@')[0]! });
      await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === 'POST' && action === 'consent' && details.prompt.name === 'consent') {
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: client.clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    if (details.prompt.name === 'login') page(res, 200, signInPage(uid));
    else page(res, 200, consentPage(uid, typedIn.get(details.session?.accountId ?? '')?.email ?? ''));
  }

  function signInPage(uid: string, problem?: string) {
    return `<h1>Sign in to ${escapeHtml(displayName)}</h1>
<p>to continue to Pitlane</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
  <label>Email <input type="email" name="email" autocomplete="email" required></label>
  <label>Name <input type="text" name="name" autocomplete="name" required></label>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/cancel"><button type="submit">Cancel</button></form>`;
  }

  function consentPage(uid: string, email: string) {
    return `<h1>Pitlane wants to access your ${escapeHtml(displayName)} account</h1>
<p>Signed in as ${escapeHtml(email)}. Pitlane will see your name and e-mail address.</p>
<form method="post" action="/interaction/${uid}/consent"><button type="submit">Allow</button></form>
<form method="post" action="/interaction/${uid}/cancel"><button type="submit">Cancel</button></form>`;
  }

  function page(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(displayName)}</title></head><body><main>${body}</main></body></html>`);
  }

  http.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      (client.interactive ? interactPages(req, res) : interact(req, res)).catch((error: unknown) => {
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
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        // A browser keeps its connections open; they would hold the close up.
        http.closeAllConnections();
      }),
  };
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
