import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { withCookieJar } from '@pitlane/api/behaviour';
import { createApiClient } from '@pitlane/api/client';
import { ApiClientProvider, SessionProvider } from '@pitlane/api/hooks';
import { createMockBackend, fetchThroughHandlers, FIXTURE_PASSWORD, fixtures, handlers } from '@pitlane/api/mocks';
import LoginPage from '../pages/LoginPage.tsx';
import { PublicOnly, RequireSession, SESSION_ENDED_NOTICE, SessionExpiryWatcher } from './guards.tsx';
import { LocationProvider, memoryHistory, useAppLocation, type AppLocation } from './location.tsx';
import { afterLoginPath } from './third-party.ts';

afterEach(cleanup);

const MAYA = { email: 'mayadrives@pitlane.test', id: 'u-maya' };
const KENJI = { email: 'kenjir@pitlane.test', id: 'u-kenji' };

/**
 * The app's guards over the fake backend, with one browser's cookies: Maya is signed in and on
 * Kenji's profile; `endSession()` drops her session cookie and makes a call that answers 401.
 */
async function signedInOnAProfile() {
  const backend = createMockBackend(fixtures.standard({ signedInAs: null }));
  const jar = withCookieJar(fetchThroughHandlers(handlers(backend)));
  const client = createApiClient({ fetch: jar.fetch });
  await client.call('auth.login', { body: { email: MAYA.email, password: FIXTURE_PASSWORD } });

  // The app's own router (location.tsx) over a history in memory, so navigation happens as it does there.
  const at: { location?: AppLocation } = {};
  function LocationProbe() {
    at.location = useAppLocation();
    return null;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient({ fetch: jar.fetch })}>
        <SessionProvider>
          <LocationProvider history={memoryHistory('/profile/kenji.r?tab=posts')}>
            <LocationProbe />
            <SessionExpiryWatcher />
            <Switch>
              <Route path="/login">
                <PublicOnly>
                  <LoginPage />
                </PublicOnly>
              </Route>
              <Route path="/feeds">
                <RequireSession>
                  <h1>My Feed</h1>
                </RequireSession>
              </Route>
              <Route path="/profile/:username">
                <RequireSession>
                  <h1>A profile</h1>
                </RequireSession>
              </Route>
            </Switch>
          </LocationProvider>
        </SessionProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  const path = () => `${at.location?.pathname}${at.location?.search}`;
  expect(await screen.findByRole('heading', { name: 'A profile' })).toBeInTheDocument();

  const endSession = async () => {
    jar.cookies.clear();
    await expect(client.call('notifications.unreadCount')).rejects.toMatchObject({ status: 401 });
    // The login page with the note (the page may be drawn twice on the way: one look at the end).
    await waitFor(() => {
      expect(path()).toBe('/login');
      expect(screen.getByText(SESSION_ENDED_NOTICE)).toBeInTheDocument();
    });
  };
  const logIn = async (email: string) => {
    await userEvent.type(screen.getByLabelText('Email Address'), email);
    await userEvent.type(screen.getByLabelText('Password'), FIXTURE_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  };
  return { path, endSession, logIn };
}

describe('an ended session (a 401) and the next login', () => {
  it('takes the same person back to the page they were on', async () => {
    const { path, endSession, logIn } = await signedInOnAProfile();
    await endSession();
    await logIn(MAYA.email);
    expect(await screen.findByRole('heading', { name: 'A profile' })).toBeInTheDocument();
    expect(path()).toBe('/profile/kenji.r?tab=posts');
  });

  it('sends a different person to their own feed, not to the previous person’s page', async () => {
    const { path, endSession, logIn } = await signedInOnAProfile();
    await endSession();
    await logIn(KENJI.email);
    expect(await screen.findByRole('heading', { name: 'My Feed' })).toBeInTheDocument();
    // And it stays there: neither the login page's redirect nor the form's goes back.
    await waitFor(() => expect(path()).toBe('/feeds'));
    expect(screen.queryByRole('heading', { name: 'A profile' })).not.toBeInTheDocument();
  });
});

describe('afterLoginPath', () => {
  it('returns a signed-out visitor to the page they asked for, whoever logs in', () => {
    expect(afterLoginPath({ from: '/discover' }, KENJI.id)).toBe('/discover');
  });

  it('returns to the page of an ended session only for the person whose session it was', () => {
    const state = { notice: SESSION_ENDED_NOTICE, from: '/profile/edit', endedUserId: MAYA.id };
    expect(afterLoginPath(state, MAYA.id)).toBe('/profile/edit');
    expect(afterLoginPath(state, KENJI.id)).toBe('/feeds');
  });

  it('goes to the feed without a page, and never off the app or back to /login', () => {
    expect(afterLoginPath(null, MAYA.id)).toBe('/feeds');
    expect(afterLoginPath({ from: '//evil.example/x' }, MAYA.id)).toBe('/feeds');
    expect(afterLoginPath({ from: 'https://evil.example/' }, MAYA.id)).toBe('/feeds');
    expect(afterLoginPath({ from: '/login?x=1' }, MAYA.id)).toBe('/feeds');
  });
});
