// The session of spec §4: loading → signed in | signed out. The user, the unread count and the
// user's communities live in the query cache under the key table, so mutations elsewhere can
// replace the user and everything reading it follows.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { CommunityRef, SessionUser } from '../contract/index.ts';
import { onAuthError, type ApiClient } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { getSessionUser, setSessionUser } from './session-cache.ts';
import { queryKeys } from './query-keys.ts';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** True exactly when a user is present. */
  isAuthenticated: boolean;
  unreadCount: number;
  userCommunities: CommunityRef[];
  /** Store the signed-in user (then communities and unread count load); `null` signs out locally. */
  login: (user: SessionUser | null) => void;
  /** Ends the session; everything is cleared even when the call fails. */
  logout: () => Promise<void>;
  /** Zeroes the unread count at once and sends the call without waiting. */
  markAsRead: () => void;
  /** Replace the current user, e.g. after a profile edit. */
  setUser: (user: SessionUser) => void;
  refreshUnreadCount: () => Promise<void>;
  refreshCommunities: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Clear everything the signed-in user had cached, and mark the session signed out. */
export function signOutLocally(queryClient: QueryClient): void {
  setSessionUser(queryClient, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
}

async function verify(client: ApiClient, signal: AbortSignal): Promise<SessionUser | null> {
  try {
    const { user } = await client.call('auth.verify', undefined, { signal });
    return user;
  } catch {
    // Spec §8: a failed verify means signed out, with no message.
    return null;
  }
}

/**
 * The session's reads as query options: the provider below uses them, and so does a page drawn
 * on the server (apps/web/src/first-screen), which fetches them first with the same keys.
 */
export const sessionQueries = {
  user: (client: ApiClient) =>
    queryOptions({
      queryKey: queryKeys.session(),
      queryFn: ({ signal }) => verify(client, signal),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
  communities: (client: ApiClient, userId: string) =>
    queryOptions({
      queryKey: queryKeys.users.communitiesList(userId),
      retry: false,
      queryFn: async ({ signal }) => {
        try {
          return await client.call('users.communitiesList', { params: { userId } }, { signal });
        } catch (error) {
          // Spec §8: logged; the list becomes empty.
          console.error('Loading your communities failed', error);
          return [];
        }
      },
    }),
  unreadCount: (client: ApiClient) =>
    queryOptions({
      queryKey: queryKeys.notifications.unreadCount(),
      retry: false,
      queryFn: async ({ signal }) => {
        try {
          return await client.call('notifications.unreadCount', undefined, { signal });
        } catch (error) {
          // Spec §8: logged to the console only.
          console.error('Loading the unread count failed', error);
          throw error;
        }
      },
    }),
};

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const queryClient = useQueryClient();

  const sessionQuery = useQuery(sessionQueries.user(client));
  const user = sessionQuery.data ?? null;
  const status: SessionStatus = sessionQuery.isPending ? 'loading' : user ? 'signedIn' : 'signedOut';

  const communitiesQuery = useQuery({ ...sessionQueries.communities(client, user?.id ?? ''), enabled: user !== null });

  // Loaded once here; kept current by the signed-in pages' live stream, or their polling while
  // it cannot open (useLiveUpdates, hooks/live.ts: not on the signed-out pages' first load).
  const unreadQuery = useQuery({ ...sessionQueries.unreadCount(client), enabled: user !== null });

  // Spec §4: any 401 raises the auth-error event; a signed-in session then ends locally.
  useEffect(
    () =>
      onAuthError(() => {
        if (getSessionUser(queryClient)) signOutLocally(queryClient);
      }),
    [queryClient],
  );

  const login = useCallback(
    (next: SessionUser | null) => {
      if (!next) {
        signOutLocally(queryClient);
        return;
      }
      // A fresh user starts from fresh counts and communities.
      queryClient.removeQueries({ queryKey: queryKeys.notifications.all() });
      queryClient.removeQueries({ queryKey: queryKeys.users.communitiesList(next.id) });
      setSessionUser(queryClient, next);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await client.call('auth.logout');
    } catch (error) {
      // Spec §8: logged only; the session is still cleared.
      console.error('Logout failed', error);
    } finally {
      signOutLocally(queryClient);
    }
  }, [client, queryClient]);

  const markAsRead = useCallback(() => {
    queryClient.setQueryData(queryKeys.notifications.unreadCount(), { count: 0 });
    client
      .call('notifications.markAsRead')
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() }))
      .catch((error: unknown) => console.error('Marking notifications as read failed', error));
  }, [client, queryClient]);

  const setUser = useCallback((next: SessionUser) => setSessionUser(queryClient, next), [queryClient]);
  const refreshUnreadCount = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount() }), [queryClient]);
  const refreshCommunities = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.users.communitiesList(user?.id ?? '') }), [queryClient, user?.id]);

  const communities = communitiesQuery.data;
  const userCommunities = useMemo<CommunityRef[]>(() => (user && communities ? communities.map(({ _id, name }) => ({ _id, name })) : []), [user, communities]);
  const unreadCount = user ? (unreadQuery.data?.count ?? 0) : 0;

  const value = useMemo<Session>(
    () => ({ status, user, isAuthenticated: user !== null, unreadCount, userCommunities, login, logout, markAsRead, setUser, refreshUnreadCount, refreshCommunities }),
    [status, user, unreadCount, userCommunities, login, logout, markAsRead, setUser, refreshUnreadCount, refreshCommunities],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
