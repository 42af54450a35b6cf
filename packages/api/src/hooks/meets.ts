// Meets (issue 21.4): the Events page's list, a community's meets, one meet and who answered, and
// the changes (create, edit, cancel, RSVP) with the caches each one touches.
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
import { buildPath, ENDPOINTS, type Meet, type MeetAttendeePage, type MeetPage, type MeetRsvp } from '../contract/index.ts';
import type { ApiClient, RouteInput } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { mapPages, pageParams } from './cache.ts';
import type { UploadVariables } from './posts.ts';
import { queryKeys } from './query-keys.ts';

/** What the meet form sends: the route's fields and the optional cover file. */
export type MeetBody = RouteInput<'meets.create'>['body'];
export type MeetUpdateBody = RouteInput<'meets.update'>['body'];

/** Every meet of every loaded page. */
export const flattenMeets = (pages: MeetPage[] | undefined): Meet[] => pages?.flatMap((page) => page.meets) ?? [];
/** Every person of every loaded page of a meet's attendees. */
export const flattenAttendees = (pages: MeetAttendeePage[] | undefined): MeetAttendeePage['people'] => pages?.flatMap((page) => page.people) ?? [];

/** The meets' reads as query options, for the hooks and for prefetching with the same keys. */
export const meetsQueries = {
  upcoming: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.meets.upcoming(),
      queryFn: ({ pageParam, signal }) => client.call('meets.upcoming', { query: { page: pageParam } }, { signal }),
      ...pageParams,
    }),
  community: (client: ApiClient, communityId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.meets.community(communityId),
      queryFn: ({ pageParam, signal }) => client.call('meets.ofCommunity', { params: { id: communityId }, query: { page: pageParam } }, { signal }),
      ...pageParams,
    }),
  meet: (client: ApiClient, meetId: string) =>
    queryOptions({
      queryKey: queryKeys.meets.detail(meetId),
      queryFn: ({ signal }) => client.call('meets.get', { params: { id: meetId } }, { signal }),
    }),
  attendees: (client: ApiClient, meetId: string, rsvp: MeetRsvp) =>
    infiniteQueryOptions({
      queryKey: queryKeys.meets.attendees(meetId, rsvp),
      queryFn: ({ pageParam, signal }) => client.call('meets.attendees', { params: { id: meetId }, query: { rsvp, page: pageParam } }, { signal }),
      ...pageParams,
    }),
};

/**
 * The address of a meet's iCalendar file, for an "Add to calendar" link: the browser fetches it
 * with the session cookie and saves it under the server's name (Content-Disposition).
 */
export function useMeetCalendarUrl(meetId: string): string {
  return `${useApiClient().baseUrl}${buildPath(ENDPOINTS['meets.calendar'].path, { id: meetId })}`;
}

/** The Events page: upcoming meets of the viewer's communities, soonest first, page after page (`flattenMeets`). */
export function useUpcomingMeets() {
  return useInfiniteQuery(meetsQueries.upcoming(useApiClient()));
}

/** A community's upcoming meets (open to every viewer); idle while `enabled` is false. */
export function useCommunityMeets(communityId: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...meetsQueries.community(useApiClient(), communityId ?? ''), enabled: Boolean(communityId) && enabled });
}

export function useMeet(meetId: string | undefined) {
  return useQuery({ ...meetsQueries.meet(useApiClient(), meetId ?? ''), enabled: Boolean(meetId) });
}

/** The people going (or interested), first answered first; idle until `enabled` (the list is opened). */
export function useMeetAttendees(meetId: string, rsvp: MeetRsvp, enabled = true) {
  return useInfiniteQuery({ ...meetsQueries.attendees(useApiClient(), meetId, rsvp), enabled: enabled && meetId !== '' });
}

/** Put the server's meet in every cached list and detail that holds it. */
function putMeet(queryClient: QueryClient, meet: Meet): void {
  queryClient.setQueryData(queryKeys.meets.detail(meet._id), meet);
  const lists = [queryKeys.meets.upcoming(), queryKeys.meets.communityAll()];
  for (const queryKey of lists) {
    queryClient.setQueriesData<InfiniteData<MeetPage, number>>({ queryKey }, (data) =>
      mapPages(data, (page) => ({ ...page, meets: page.meets.map((cached) => (cached._id === meet._id ? meet : cached)) })),
    );
  }
}

/**
 * After a change: the reply everywhere at once, then the lists read again (a new time moves a
 * meet in them, a new meet joins them) and the meet's people (an answer moves someone).
 */
function refreshMeet(queryClient: QueryClient, meet: Meet): void {
  putMeet(queryClient, meet);
  void queryClient.invalidateQueries({ queryKey: queryKeys.meets.upcoming() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.meets.community(meet.community._id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.meets.attendeesAll(meet._id) });
}

/** Create a meet in `communityId` (members only); the creator is going. */
export function useCreateMeet(communityId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: UploadVariables<MeetBody>) => client.call('meets.create', { params: { id: communityId }, body }, { onUploadProgress }),
    onSuccess: (meet) => refreshMeet(queryClient, meet),
  });
}

/** Edit a meet (its creator): a new time or place tells everyone who answered (the server does). */
export function useUpdateMeet(meetId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: UploadVariables<MeetUpdateBody>) => client.call('meets.update', { params: { id: meetId }, body }, { onUploadProgress }),
    onSuccess: (meet) => refreshMeet(queryClient, meet),
  });
}

/** Cancel a meet (`mutate(meetId)`): it stays listed, with its badge, until it ends. */
export function useCancelMeet() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetId: string) => client.call('meets.cancel', { params: { id: meetId } }),
    onSuccess: (meet) => refreshMeet(queryClient, meet),
  });
}

/**
 * Answer going or interested, or take the answer back (`mutate(null)`); the counts come from the
 * server's reply. The Events page is read again: an answered meet is on it (from any community).
 */
export function useMeetRsvp(meetId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rsvp: MeetRsvp | null) => client.call('meets.rsvp', { params: { id: meetId }, body: { rsvp } }),
    onSuccess: (meet) => {
      putMeet(queryClient, meet);
      void queryClient.invalidateQueries({ queryKey: queryKeys.meets.upcoming() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.meets.attendeesAll(meet._id) });
    },
  });
}
