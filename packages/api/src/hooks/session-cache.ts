// The session user in the query cache, read and replaced. Apart from cache.ts (the posts' cache
// surgery), because the session is on every page's first load and the post updates are not
// (issue 22: the whole of a module the entry imports rides in the entry's file).
import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../contract/index.ts';
import { queryKeys } from './query-keys.ts';

export function getSessionUser(queryClient: QueryClient): SessionUser | null {
  return queryClient.getQueryData<SessionUser | null>(queryKeys.session()) ?? null;
}

/** Spec §4: after follow, join, leave, create or remove-member the server's user replaces ours. */
export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(queryKeys.session(), user);
}
