import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Meet } from '../contract/index.ts';
import { flattenMeets, useCancelMeet, useMeet, useMeetAttendees, useMeetCalendarUrl, useMeetRsvp, useUpcomingMeets } from './meets.ts';
import { queryKeys } from './query-keys.ts';
import { author, json, makeWrapper, scriptedBackend } from './test-utils.tsx';

function makeMeet(id: string, input: Partial<Meet> = {}): Meet {
  return {
    _id: id,
    title: `Meet ${id}`,
    description: '',
    startsAt: '2026-12-05T10:00:00.000Z',
    endsAt: '2026-12-05T14:00:00.000Z',
    timeZone: 'Europe/London',
    place: { address: 'Brooklands', latitude: null, longitude: null },
    coverImageUrl: null,
    coverImageAlt: '',
    status: 'scheduled',
    community: { _id: 'c1', name: 'Air-Cooled' },
    creator: author,
    goingCount: 1,
    interestedCount: 0,
    myRsvp: null,
    canEdit: false,
    canCancel: false,
    ended: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...input,
  };
}

describe('the meets reads', () => {
  it('the Events page pages like the post lists, soonest first as the server sends them', async () => {
    const backend = scriptedBackend({
      'GET /api/meets': ({ url }) => json(200, url.searchParams.get('page') === '1' ? { meets: [makeMeet('m1')], totalPages: 2 } : { meets: [makeMeet('m2')], totalPages: 2 }),
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useUpcomingMeets(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(flattenMeets(result.current.data?.pages).map((m) => m._id)).toEqual(['m1', 'm2']));
    expect(result.current.hasNextPage).toBe(false);
    expect(backend.calls).toEqual(['GET /api/meets?page=1', 'GET /api/meets?page=2']);
  });

  it('the attendee list asks for going or interested, and waits until it is opened', async () => {
    const backend = scriptedBackend({
      'GET /api/meets/m1/attendees': ({ url }) => json(200, { people: url.searchParams.get('rsvp') === 'interested' ? [author] : [], totalPages: 1 }),
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const closed = renderHook(() => useMeetAttendees('m1', 'going', false), { wrapper: Wrapper });
    expect(closed.result.current.fetchStatus).toBe('idle');
    const { result } = renderHook(() => useMeetAttendees('m1', 'interested'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data?.pages[0]?.people).toEqual([author]));
    expect(backend.calls).toEqual(['GET /api/meets/m1/attendees?rsvp=interested&page=1']);
  });

  it('the calendar link is the route’s path for the meet', () => {
    const { Wrapper } = makeWrapper(scriptedBackend({}).fetch, { session: false });
    const { result } = renderHook(() => useMeetCalendarUrl('m 1'), { wrapper: Wrapper });
    expect(result.current).toBe('/api/meets/m%201/calendar.ics');
  });
});

describe('the meets changes', () => {
  it('an RSVP puts the server’s counts in the meet and every list at once, and reads its people and the Events page again', async () => {
    const answered = makeMeet('m1', { myRsvp: 'going', goingCount: 2 });
    let m1 = makeMeet('m1');
    const backend = scriptedBackend({
      'GET /api/meets/m1': () => json(200, m1),
      'GET /api/meets': () => json(200, { meets: [m1, makeMeet('m2')], totalPages: 1 }),
      'GET /api/meets/m1/attendees': () => json(200, { people: [author], totalPages: 1 }),
      'PUT /api/meets/m1/rsvp': ({ body }) => {
        expect(body).toEqual({ rsvp: 'going' });
        m1 = answered;
        return json(200, answered);
      },
    });
    const { Wrapper, queryClient } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ meet: useMeet('m1'), list: useUpcomingMeets(), people: useMeetAttendees('m1', 'going'), rsvp: useMeetRsvp('m1') }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.list.isSuccess && result.current.meet.isSuccess && result.current.people.isSuccess).toBe(true));
    backend.calls.length = 0;
    await act(() => result.current.rsvp.mutateAsync('going'));
    await waitFor(() => expect(result.current.meet.data).toEqual(answered));
    expect(flattenMeets(result.current.list.data?.pages)[0]).toEqual(answered);
    expect(flattenMeets(result.current.list.data?.pages)[1]?.myRsvp).toBeNull();
    await waitFor(() => expect(backend.calls).toContain('GET /api/meets/m1/attendees?rsvp=going&page=1'));
    // An answered meet is on the Events page from any community: read again.
    await waitFor(() => expect(backend.calls).toContain('GET /api/meets?page=1'));
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.meets.upcoming())?.isInvalidated).toBe(false));
    expect(flattenMeets(result.current.list.data?.pages)[0]).toEqual(answered);
  });

  it('cancelling shows the cancelled meet everywhere and reads the lists again (it stays, with its badge)', async () => {
    let status: Meet['status'] = 'scheduled';
    const backend = scriptedBackend({
      'GET /api/meets': () => json(200, { meets: [makeMeet('m1', { canCancel: true, status })], totalPages: 1 }),
      'POST /api/meets/m1/cancel': () => {
        status = 'cancelled';
        return json(200, makeMeet('m1', { status, canCancel: true }));
      },
    });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => ({ list: useUpcomingMeets(), cancel: useCancelMeet() }), { wrapper: Wrapper });
    await waitFor(() => expect(flattenMeets(result.current.list.data?.pages)[0]?.status).toBe('scheduled'));
    await act(() => result.current.cancel.mutateAsync('m1'));
    await waitFor(() => expect(flattenMeets(result.current.list.data?.pages)[0]?.status).toBe('cancelled'));
    await waitFor(() => expect(backend.calls.filter((call) => call === 'GET /api/meets?page=1')).toHaveLength(2));
  });
});
