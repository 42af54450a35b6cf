import { useMemo } from 'react';
import { useProviderInfo } from '@pitlane/api/hooks';
import type { ThirdPartyProvider } from '@pitlane/ui';

/**
 * The configured identity provider as the auth forms take it: its name, and a sign-in that sends
 * the browser to the server's start URL (which redirects on to the provider). Null while the
 * answer is on its way and when no provider is configured, so the button never flashes.
 */
export function useThirdPartyProvider(): ThirdPartyProvider | null {
  const { data: provider } = useProviderInfo();
  return useMemo(
    () => (provider ? { name: provider.name, onSignIn: () => window.location.assign(provider.startUrl) } : null),
    [provider],
  );
}

/** Where to go after logging in: the page the person was sent away from, or the feed. */
export function afterLoginPath(from: string | undefined): string {
  // Only paths inside the app: never `//host` or a full URL.
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/feeds';
}
