// Profiles, follow lists, following, profile edit and account deletion.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUser, Suggestions } from '../contract/index.ts';
import type { ApiClient, RouteInput } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { setSessionUser } from './session-cache.ts';
import { queryKeys } from './query-keys.ts';
import { signOutLocally } from './session.tsx';

/** The user reads as query options, for the hooks and for prefetching with the same keys. */
export const userQueries = {
  profile: (client: ApiClient, username: string) =>
    queryOptions({
      queryKey: queryKeys.users.profile(username),
      queryFn: ({ signal }) => client.call('users.profile', { params: { username } }, { signal }),
    }),
  communitiesList: (client: ApiClient, userId: string) =>
    queryOptions({
      queryKey: queryKeys.users.communitiesList(userId),
      queryFn: ({ signal }) => client.call('users.communitiesList', { params: { userId } }, { signal }),
    }),
  followers: (client: ApiClient, userId: string) =>
    queryOptions({
      queryKey: queryKeys.users.followers(userId),
      queryFn: ({ signal }) => client.call('users.followers', { params: { id: userId } }, { signal }),
    }),
  following: (client: ApiClient, userId: string) =>
    queryOptions({
      queryKey: queryKeys.users.following(userId),
      queryFn: ({ signal }) => client.call('users.following', { params: { id: userId } }, { signal }),
    }),
};

export function useProfile(username: string | undefined) {
  return useQuery({ ...userQueries.profile(useApiClient(), username ?? ''), enabled: Boolean(username) });
}

export function useUserCommunities(userId: string | undefined) {
  return useQuery({ ...userQueries.communitiesList(useApiClient(), userId ?? ''), enabled: Boolean(userId) });
}

export function useFollowers(userId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueries.followers(useApiClient(), userId ?? ''), enabled: Boolean(userId) && (options.enabled ?? true) });
}

export function useFollowing(userId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueries.following(useApiClient(), userId ?? ''), enabled: Boolean(userId) && (options.enabled ?? true) });
}

/**
 * Follow and unfollow are one toggle (spec §4). The server's `currentUser` replaces ours (which
 * also refetches the suggestions, keyed by `following`), the target's profile takes its new
 * follower lists, the followed user leaves the suggestions, and the feed and follow lists reload.
 */
export function useToggleFollow() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) => client.call('users.follow', { params: { id: userId }, body: {} }),
    onSuccess: ({ userToFollow, currentUser }) => {
      setSessionUser(queryClient, currentUser);
      queryClient.setQueryData<ProfileUser>(queryKeys.users.profile(userToFollow.username), (profile) =>
        profile ? { ...profile, followers: userToFollow.followers, following: userToFollow.following } : profile,
      );
      queryClient.setQueryData<ProfileUser>(queryKeys.users.profile(currentUser.username), (profile) =>
        profile ? { ...profile, followers: currentUser.followers, following: currentUser.following } : profile,
      );
      queryClient.setQueriesData<Suggestions>({ queryKey: queryKeys.suggestions.all() }, (suggestions) =>
        suggestions ? { ...suggestions, users: suggestions.users.filter((u) => u._id !== userToFollow._id) } : suggestions,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.followersAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.followingAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.feed() });
      // The `@` type-ahead offers followed people first (issue 21).
      void queryClient.invalidateQueries({ queryKey: queryKeys.tags.mentionsAll() });
      // The Events page lists the meets of followed people (issue 21).
      void queryClient.invalidateQueries({ queryKey: queryKeys.meets.upcoming() });
    },
  });
}

export function useRemoveFollower() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) => client.call('users.removeFollower', { params: { id: userId }, body: {} }),
    onSuccess: ({ currentUser }) => {
      setSessionUser(queryClient, currentUser);
      queryClient.setQueryData<ProfileUser>(queryKeys.users.profile(currentUser.username), (profile) =>
        profile ? { ...profile, followers: currentUser.followers, following: currentUser.following } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.followersAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.followingAll() });
    },
  });
}

/** Profile edit: the reply replaces the session user; names and avatars shown anywhere reload. */
export function useUpdateProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: { body: RouteInput<'users.update'>['body']; onUploadProgress?: (fraction: number) => void }) =>
      client.call('users.update', { body }, { onUploadProgress }),
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.communities.all() });
    },
  });
}

export function useRequestDeleteOtp() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.call('users.requestDeleteOtp', { body: {} }) });
}

/** Confirms deletion; on success the session ends locally (the server already dropped it). */
export function useConfirmDeleteAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ otp }: { otp: string }) => client.call('users.confirmDelete', { body: { otp } }),
    onSuccess: () => signOutLocally(queryClient),
  });
}
