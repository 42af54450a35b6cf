// Reports and moderation (issue 18): reporting, the two kinds of queue (a community's, the
// site's), the log, and the four actions with the caches each one touches. Who may do what is
// the server's (contract/routes/moderation.ts); a refusal comes back as the call's error.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ModerationAction, ModerationCase, ModerationQueue, ReportInput, ReportTargetKind } from '../contract/index.ts';
import type { ApiClient } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { pageParams, refreshBlockedPerson, refreshHidingLists, removePostEverywhere } from './cache.ts';
import { queryKeys } from './query-keys.ts';

/** All cases of every loaded page of a queue, in order. */
export const flattenCases = (pages: { cases: ModerationCase[] }[] | undefined): ModerationCase[] => pages?.flatMap((page) => page.cases) ?? [];

/** All lines of every loaded page of the log, newest first. */
export const flattenActions = (pages: { actions: ModerationAction[] }[] | undefined): ModerationAction[] => pages?.flatMap((page) => page.actions) ?? [];

/** The queues and the log as query options, for the hooks and for prefetching with the same keys. */
export const moderationQueries = {
  communityQueue: (client: ApiClient, communityId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.moderation.communityQueue(communityId),
      queryFn: ({ pageParam, signal }) => client.call('moderation.communityQueue', { params: { id: communityId }, query: { page: pageParam } }, { signal }),
      ...pageParams,
    }),
  siteQueue: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.moderation.siteQueue(),
      queryFn: ({ pageParam, signal }) => client.call('moderation.siteQueue', { query: { page: pageParam } }, { signal }),
      ...pageParams,
    }),
  log: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.moderation.log(),
      queryFn: ({ pageParam, signal }) => client.call('moderation.log', { query: { page: pageParam } }, { signal }),
      ...pageParams,
    }),
};

interface QueryToggle {
  /** false: do not read (e.g. the viewer is not the community's creator nor an operator). */
  enabled?: boolean;
}

/** A community's open cases, the longest waiting first. Its creator and operators only (403 else). */
export function useCommunityReports(communityId: string, options: QueryToggle = {}) {
  return useInfiniteQuery({ ...moderationQueries.communityQueue(useApiClient(), communityId), enabled: Boolean(communityId) && (options.enabled ?? true) });
}

/** The site's open cases (profile posts, their comments, people). Operators only (403 else). */
export function useSiteReports(options: QueryToggle = {}) {
  return useInfiniteQuery({ ...moderationQueries.siteQueue(useApiClient()), enabled: options.enabled ?? true });
}

/** Every moderation action, newest first. Operators only (403 else). */
export function useModerationLog(options: QueryToggle = {}) {
  return useInfiniteQuery({ ...moderationQueries.log(useApiClient()), enabled: options.enabled ?? true });
}

/** Both kinds of queue and the log: every action changes a queue and writes a line. */
function refreshModeration(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all() });
}

/** The cached case of an item, if a loaded queue holds it (its post, its author). */
function findCachedCase(queryClient: QueryClient, kind: ReportTargetKind, targetId: string): ModerationCase | undefined {
  for (const [, data] of queryClient.getQueriesData<{ pages: ModerationQueue[] }>({ queryKey: queryKeys.moderation.queueAll() })) {
    const found = flattenCases(data?.pages).find((c) => c.kind === kind && c.targetId === targetId);
    if (found) return found;
  }
  return undefined;
}

/**
 * Report a post, a comment or a person (`mutate({ kind, targetId, reason, details? })`): resolves
 * `{ message }` (REFUSAL_MESSAGES.alreadyReported on a 409, cannotReportOwn on a 400).
 */
export function useReport() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: ReportInput) => client.call('reports.create', { body: report }),
    // A moderator reporting in their own community sees the case at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.queueAll() }),
  });
}

/** Close an item's open reports without acting on it (`mutate({ kind, targetId })`). */
export function useDismissCase() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, targetId }: { kind: ReportTargetKind; targetId: string }) => client.call('moderation.dismiss', { params: { kind, targetId }, body: {} }),
    onSuccess: () => refreshModeration(queryClient),
  });
}

/**
 * Remove a reported post or comment (`mutate({ kind, targetId, reason })`): it goes like a normal
 * delete (the post leaves every list; a comment its post's comments, preview and count), and the
 * author is told the reason.
 */
export function useRemoveContent() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, targetId, reason }: { kind: 'post' | 'comment'; targetId: string; reason: string }) =>
      client.call('moderation.remove', { params: { kind, targetId }, body: { reason } }),
    // The case (read before the queue is read again) names the comment's post and the author.
    onMutate: ({ kind, targetId }) => ({ removedCase: findCachedCase(queryClient, kind, targetId) }),
    onSuccess: (_reply, { kind, targetId }, context) => {
      const removedCase = context.removedCase;
      if (kind === 'post') {
        removePostEverywhere(queryClient, targetId);
        // The author's post count, the lists the post was in, the car's build log.
        if (removedCase) void queryClient.invalidateQueries({ queryKey: queryKeys.users.profile(removedCase.author.username) });
        for (const queryKey of [queryKeys.posts.all(), queryKeys.communities.pageAll(), queryKeys.cars.timelineAll(), queryKeys.cars.garageAll(), queryKeys.searchAll()]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      } else {
        const postId = removedCase?.postId;
        // The post's comments and its card's preview (keyed under the list), and its comment count.
        if (postId) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.comments.list(postId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.posts.detail(postId) });
        } else {
          void queryClient.invalidateQueries({ queryKey: queryKeys.comments.all() });
        }
      }
      refreshModeration(queryClient);
    },
  });
}

/**
 * A suspension or its end: the person's profile (operators see `suspended`), and every list their
 * posts, comments, notifications or name can be in, for everyone (like a block for all viewers).
 */
function refreshSuspendedPerson(queryClient: QueryClient, userId: string): void {
  refreshHidingLists(queryClient, userId);
  // Every cached profile (theirs is keyed by a username the change does not name), their pages.
  refreshBlockedPerson(queryClient, userId);
  // Members lists and the communities they created.
  void queryClient.invalidateQueries({ queryKey: queryKeys.communities.all() });
  refreshModeration(queryClient);
}

/** Suspend an account (`mutate({ userId, reason })`). Operators only. */
export function useSuspendUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) => client.call('moderation.suspend', { params: { userId }, body: { reason } }),
    onSuccess: (_reply, { userId }) => refreshSuspendedPerson(queryClient, userId),
  });
}

/** Lift a suspension (`mutate({ userId })`). Operators only. */
export function useUnsuspendUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) => client.call('moderation.unsuspend', { params: { userId } }),
    onSuccess: (_reply, { userId }) => refreshSuspendedPerson(queryClient, userId),
  });
}
