// A local OpenID Connect provider for trying the third-party sign-in by hand (development only):
//   npm run dev:oidc -w @pitlane/server
// then start the product with the variables it prints. Signing in at the provider needs no
// password: it signs in its one test account (Ayrton Driver, driver@example.com, verified) at once.
import { startOidcProvider } from '../test/oidc-provider.ts';

const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const provider = await startOidcProvider({ clientId: 'pitlane-dev', clientSecret: 'pitlane-dev-secret', redirectUri: `${publicUrl}/login` });

console.log(`OpenID Connect test provider at ${provider.issuer} (redirect URI ${publicUrl}/login). Start Pitlane with:

  OIDC_ISSUER=${provider.issuer} OIDC_CLIENT_ID=pitlane-dev OIDC_CLIENT_SECRET=pitlane-dev-secret OIDC_PROVIDER_NAME="Test ID" npm run dev

Ctrl-C stops it.`);

process.once('SIGINT', () => {
  void provider.close().then(() => process.exit(0));
});
