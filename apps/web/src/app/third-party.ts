import { useMemo } from 'react';
import { paths } from '@pitlane/api/contract';
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

/** Why the login page was shown, when it was not the person's own choice (its history state). */
export interface LoginNotice {
  notice?: string;
  /** The page the person was sent away from, to return to after logging in. */
  from?: string;
  /** Whose session ended there (a 401): only that person is taken back to `from`. */
  endedUserId?: string;
}

/**
 * Where to go after `userId` logs in: the page they were sent away from, or the feed. A page
 * left when someone's session ended is only for that same person: anyone else logging in on
 * this screen starts at their own feed, not at the previous person's page.
 */
export function afterLoginPath(state: LoginNotice | null | undefined, userId: string): string {
  const from = state?.from;
  if (state?.endedUserId !== undefined && state.endedUserId !== userId) return paths.feeds;
  // Only paths inside the app: never `//host` or a full URL.
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(paths.login) ? from : paths.feeds;
}
