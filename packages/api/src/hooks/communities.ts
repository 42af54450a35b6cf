// Communities: list, page (community + membership + its posts, paged), members and every change.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Community, CommunityPage } from '../contract/index.ts';
import type { ApiClient, RouteInput } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { mapPages, pageParams } from './cache.ts';
import { getSessionUser, setSessionUser } from './session-cache.ts';
import { seedingPreviews } from './comments.ts';
import { queryKeys } from './query-keys.ts';

/** The community reads as query options, for the hooks and for prefetching with the same keys. */
export const communityQueries = {
  list: (client: ApiClient) =>
    queryOptions({ queryKey: queryKeys.communities.list(), queryFn: ({ signal }) => client.call('communities.list', undefined, { signal }) }),
  page: (client: ApiClient, communityId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.communities.page(communityId),
      queryFn: ({ pageParam, signal, client: queryClient }) =>
        seedingPreviews(queryClient, () => client.call('communities.get', { params: { id: communityId }, query: { page: pageParam } }, { signal })),
      ...pageParams,
    }),
  members: (client: ApiClient, communityId: string) =>
    queryOptions({
      queryKey: queryKeys.communities.members(communityId),
      queryFn: ({ signal }) => client.call('communities.members', { params: { id: communityId } }, { signal }),
    }),
};

export function useCommunities() {
  return useQuery(communityQueries.list(useApiClient()));
}

/** A community page: `pages[0].community` and `.isMember`, and the posts of every loaded page. */
export function useCommunity(communityId: string | undefined) {
  return useInfiniteQuery({ ...communityQueries.page(useApiClient(), communityId ?? ''), enabled: Boolean(communityId) });
}

export function useCommunityMembers(communityId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...communityQueries.members(useApiClient(), communityId ?? ''),
    enabled: Boolean(communityId) && (options.enabled ?? true),
  });
}

function setCommunityOnPages(queryClient: QueryClient, community: Community): void {
  queryClient.setQueryData<InfiniteData<CommunityPage, number>>(queryKeys.communities.page(community._id), (data) =>
    mapPages(data, (page) => ({ ...page, community })),
  );
}

function refreshMembership(queryClient: QueryClient, communityId: string, userId: string | undefined): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.communities.page(communityId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.communities.list() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.communities.members(communityId) });
  if (userId) void queryClient.invalidateQueries({ queryKey: queryKeys.users.communitiesList(userId) });
  void queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
  // The Events page lists the meets of one's communities (issue 21).
  void queryClient.invalidateQueries({ queryKey: queryKeys.meets.upcoming() });
}

export function useCreateCommunity() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<'communities.create'>['body']) => client.call('communities.create', { body }),
    onSuccess: ({ updatedUser }) => {
      setSessionUser(queryClient, updatedUser);
      void queryClient.invalidateQueries({ queryKey: queryKeys.communities.list() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.communitiesList(updatedUser.id) });
    },
  });
}

export function useJoinCommunity() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ communityId }: { communityId: string }) => client.call('communities.join', { params: { id: communityId }, body: {} }),
    onSuccess: ({ user }, { communityId }) => {
      setSessionUser(queryClient, user);
      refreshMembership(queryClient, communityId, user.id);
    },
  });
}

/** Leaving deletes the user's posts in the community, so post lists reload too. */
export function useLeaveCommunity() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ communityId }: { communityId: string }) => client.call('communities.leave', { params: { id: communityId } }),
    onSuccess: ({ user }, { communityId }) => {
      setSessionUser(queryClient, user);
      refreshMembership(queryClient, communityId, user.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all() });
    },
  });
}

/** Removal deletes the member's posts and comments in the community. `user` is the creator. */
export function useRemoveMember() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ communityId, userId }: { communityId: string; userId: string }) =>
      client.call('communities.removeMember', { params: { id: communityId, userId }, body: {} }),
    onSuccess: ({ community, user }, { communityId }) => {
      setSessionUser(queryClient, user);
      setCommunityOnPages(queryClient, community);
      refreshMembership(queryClient, communityId, undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.all() });
    },
  });
}

export function useUpdateCommunity() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ communityId, body, onUploadProgress }: { communityId: string; body: RouteInput<'communities.update'>['body']; onUploadProgress?: (fraction: number) => void }) =>
      client.call('communities.update', { params: { id: communityId }, body }, { onUploadProgress }),
    onSuccess: (community) => {
      setCommunityOnPages(queryClient, community);
      void queryClient.invalidateQueries({ queryKey: queryKeys.communities.list() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.communities.members(community._id) });
      const user = getSessionUser(queryClient);
      if (user) void queryClient.invalidateQueries({ queryKey: queryKeys.users.communitiesList(user.id) });
      // The name and cover show on post cards ("Posted in …").
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all() });
    },
  });
}

/** Deleting removes the community and all its posts; the user's community ids drop it. */
export function useDeleteCommunity() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ communityId }: { communityId: string }) => client.call('communities.delete', { params: { id: communityId } }),
    onSuccess: (_reply, { communityId }) => {
      const user = getSessionUser(queryClient);
      if (user) setSessionUser(queryClient, { ...user, communities: user.communities.filter((id) => id !== communityId) });
      queryClient.removeQueries({ queryKey: queryKeys.communities.page(communityId) });
      queryClient.removeQueries({ queryKey: queryKeys.communities.members(communityId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.communities.list() });
      if (user) void queryClient.invalidateQueries({ queryKey: queryKeys.users.communitiesList(user.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all() });
    },
  });
}
