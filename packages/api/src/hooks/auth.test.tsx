import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProviderInfo, useProviderLogin } from './auth.ts';
import { useSession } from './session.tsx';
import { json, makeWrapper, nina, scriptedBackend } from './test-utils.tsx';

const provider = { id: 'keycloak', name: 'Keycloak', startUrl: '/api/auth/keycloak/start' };

describe('third-party sign-in', () => {
  it('useProviderInfo answers the configured provider', async () => {
    const backend = scriptedBackend({ 'GET /api/auth/provider': () => json(200, { provider }) });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useProviderInfo(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data).toEqual(provider));
  });

  it('useProviderInfo answers null when no provider is configured', async () => {
    const backend = scriptedBackend({ 'GET /api/auth/provider': () => json(200, { provider: null }) });
    const { Wrapper } = makeWrapper(backend.fetch, { session: false });
    const { result } = renderHook(() => useProviderInfo(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it('useProviderLogin posts the code and the state to the provider id, then stores the user', async () => {
    let posted: unknown;
    const backend = scriptedBackend({
      'GET /api/auth/verify': () => json(401, { message: 'Please log in to continue.' }),
      'GET /api/user/u1/communities-list': () => json(200, []),
      'GET /api/notifications/unread-count': () => json(200, { count: 0 }),
      'POST /api/auth/keycloak': ({ body }) => {
        posted = body;
        return json(200, { user: nina });
      },
    });
    const { Wrapper } = makeWrapper(backend.fetch);
    const { result } = renderHook(() => ({ session: useSession(), login: useProviderLogin() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));

    await act(() => result.current.login.mutateAsync({ provider: 'Keycloak', code: 'abc', state: 'xyz' }));
    expect(posted).toEqual({ code: 'abc', state: 'xyz' });
    await waitFor(() => expect(result.current.session.user?.username).toBe('nina'));
  });
});
