import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { matchRoute, Route, Switch, useParams } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_PATTERNS } from '@pitlane/api/contract';
import { browserHistory, LocationProvider, memoryHistory, parseRoute, useAppLocation } from './location.tsx';
import { DASHBOARD_PAGES } from './page-modules.ts';

afterEach(cleanup);

describe('the app location', () => {
  it('draws a navigation as a transition: the page on screen stays while the next one loads', async () => {
    let arrive = () => {};
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    function Next() {
      use(loaded);
      return <h1>Next</h1>;
    }
    const history = memoryHistory('/first');
    render(
      <LocationProvider history={history}>
        <Suspense fallback={<p>Spinner</p>}>
          <Switch>
            <Route path="/first">
              <h1>First</h1>
            </Route>
            <Route path="/next">
              <Next />
            </Route>
          </Switch>
        </Suspense>
      </LocationProvider>,
    );
    await act(async () => history.navigate('/next'));
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument();
    expect(screen.queryByText('Spinner')).not.toBeInTheDocument();
    await act(async () => arrive());
    expect(screen.getByRole('heading', { name: 'Next' })).toBeInTheDocument();
  });

  it('in the browser: entries the app makes count the ones before them, and carry the state', () => {
    window.history.replaceState(null, '', '/opened-directly');
    expect(browserHistory.location()).toEqual({ pathname: '/opened-directly', search: '', state: null, index: 0 });
    browserHistory.navigate('/post/p1?from=feed', { state: { communityId: 'c1' } });
    expect(browserHistory.location()).toEqual({ pathname: '/post/p1', search: '?from=feed', state: { communityId: 'c1' }, index: 1 });
    browserHistory.navigate('/post/p2', { replace: true });
    expect(browserHistory.location()).toEqual({ pathname: '/post/p2', search: '', state: null, index: 1 });
    // A link to where one already is replaces the entry.
    const length = window.history.length;
    browserHistory.navigate('/post/p2');
    expect(window.history.length).toBe(length);
    expect(browserHistory.location().index).toBe(1);
  });

  it('in memory: back, and a new entry dropping those ahead', () => {
    const history = memoryHistory('/feeds');
    history.navigate('/post/p1');
    history.navigate('/post/p2');
    history.back();
    expect(history.location()).toMatchObject({ pathname: '/post/p1', index: 1 });
    history.navigate('/discover');
    history.back();
    history.back();
    expect(history.location()).toMatchObject({ pathname: '/feeds', index: 0 });
    history.back();
    expect(history.location().pathname).toBe('/feeds');
  });

  it('hands routes their parameters decoded, as React Router did', () => {
    let params: Record<string, string | undefined> = {};
    function Model() {
      params = { ...useParams() };
      return null;
    }
    render(
      <LocationProvider history={memoryHistory('/cars/H%26R%20Tuning/M3%2FM4%20C%C3%A9')}>
        <Route path={PAGE_PATTERNS.carModel}>
          <Model />
        </Route>
      </LocationProvider>,
    );
    expect(params).toMatchObject({ make: 'H&R Tuning', model: 'M3/M4 Cé' });
  });

  it('reads the location the provider draws', () => {
    let seen: unknown;
    function Probe() {
      seen = useAppLocation();
      return null;
    }
    render(
      <LocationProvider history={memoryHistory('/login?code=1')}>
        <Probe />
      </LocationProvider>,
    );
    expect(seen).toEqual({ pathname: '/login', search: '?code=1', state: null, index: 0 });
  });
});

describe('the dashboard pages in their <Switch> order (routes.tsx)', () => {
  it('each address goes to its own page: a fixed address comes before a parameter in its place', () => {
    for (const name of DASHBOARD_PAGES) {
      const address = PAGE_PATTERNS[name].replace(/:\w+/g, 'x1');
      const first = DASHBOARD_PAGES.find((candidate) => matchRoute(parseRoute, PAGE_PATTERNS[candidate], address)[0]);
      expect(first, address).toBe(name);
    }
  });
});
