import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type ActiveSession } from '../contract/index.ts';
import { ApiError, createApiClient } from '../client/index.ts';
import { withCookieJar } from '../behaviour/cookie-jar.ts';
import { createMockBackend, fetchThroughHandlers, FIXTURE, FIXTURE_PASSWORD, FIXTURE_SESSIONS, fixtures, handlers, type MockSeed } from '../mocks/index.ts';
import { useActiveSessions, useEndOtherSessions, useEndSession } from './sessions.ts';
import { queryKeys } from './query-keys.ts';
import { makeWrapper } from './test-utils.tsx';

/** The hooks over the fake backend, signed in as the standard viewer (the story's browser). */
function setup(seed: () => MockSeed = fixtures.standard) {
  const backend = createMockBackend(seed());
  const { Wrapper, queryClient } = makeWrapper(fetchThroughHandlers(handlers(backend)), { session: false });
  const { result } = renderHook(() => ({ list: useActiveSessions(), end: useEndSession(), endOthers: useEndOtherSessions() }), { wrapper: Wrapper });
  return { backend, result, queryClient };
}
const summary = (sessions: ActiveSession[] | undefined) => sessions?.map((s) => [s.id, s.device, s.current]);

describe('active sessions', () => {
  it('lists the viewer’s sessions, this one first and flagged, then the most recently used', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(summary(result.current.list.data)).toEqual([
      [FIXTURE_SESSIONS.current, 'Chrome on macOS', true],
      [FIXTURE_SESSIONS.phone, 'Safari on iOS', false],
      [FIXTURE_SESSIONS.laptop, null, false],
    ]);
  });

  it('a viewer with no other session has just this one', async () => {
    const { result } = setup(fixtures.empty);
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(result.current.list.data?.map((s) => s.current)).toEqual([true]);
  });

  it('ends one other session: it leaves the list at once and the server forgets it', async () => {
    const { result, queryClient } = setup();
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    let reply: unknown;
    await act(async () => {
      reply = await result.current.end.mutateAsync({ id: FIXTURE_SESSIONS.phone });
    });
    expect(reply).toEqual({ message: SUCCESS_MESSAGES.sessionEnded });
    expect(summary(queryClient.getQueryData(queryKeys.activeSessions.list()))).toEqual([
      [FIXTURE_SESSIONS.current, 'Chrome on macOS', true],
      [FIXTURE_SESSIONS.laptop, null, false],
    ]);
    // Read again from the server: the same.
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(result.current.list.data?.map((s) => s.id)).toEqual([FIXTURE_SESSIONS.current, FIXTURE_SESSIONS.laptop]);
  });

  it('a session that is not the viewer’s, or this one, is refused with the server’s words and the list stays', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    const before = result.current.list.data;
    for (const [id, status, message] of [
      ['session-someone-else', 404, NOT_FOUND_MESSAGES.session],
      [FIXTURE_SESSIONS.current, 400, REFUSAL_MESSAGES.cannotEndCurrentSession],
    ] as const) {
      let error: unknown;
      await act(async () => {
        error = await result.current.end.mutateAsync({ id }).catch((cause: unknown) => cause);
      });
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, message });
    }
    expect(result.current.list.data).toEqual(before);
  });

  it('logs out everywhere else: only this session is left', async () => {
    const { result, queryClient } = setup();
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    let reply: unknown;
    await act(async () => {
      reply = await result.current.endOthers.mutateAsync();
    });
    expect(reply).toEqual({ message: SUCCESS_MESSAGES.otherSessionsEnded });
    expect(summary(queryClient.getQueryData(queryKeys.activeSessions.list()))).toEqual([[FIXTURE_SESSIONS.current, 'Chrome on macOS', true]]);
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(result.current.list.data).toHaveLength(1);
  });
});

describe('active sessions in the fake backend, with real sign-ins', () => {
  it('lists both browsers, and "log out everywhere else" signs the other one out', async () => {
    const backend = createMockBackend({ ...fixtures.signedOut(), sessions: [] });
    const base = fetchThroughHandlers(handlers(backend));
    const [first, second] = [withCookieJar(base), withCookieJar(base)].map((jar) => createApiClient({ fetch: jar.fetch }));
    const maya = backend.findUser(FIXTURE.viewer)!;
    for (const client of [first!, second!]) await client.call('auth.login', { body: { email: maya.email, password: FIXTURE_PASSWORD } });

    const listed = await first!.call('sessions.list');
    expect(listed.map((s) => s.current)).toEqual([true, false]);
    expect((await second!.call('sessions.list')).map((s) => s.id)).toEqual([listed[1]!.id, listed[0]!.id]);

    await first!.call('sessions.endOthers');
    await expect(second!.call('auth.verify')).rejects.toMatchObject({ status: 401 });
    expect((await first!.call('sessions.list')).map((s) => s.id)).toEqual([listed[0]!.id]);
  });
});
