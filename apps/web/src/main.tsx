// Before anything renders: on preact/compat, React's schedule (scripts/renderer.ts; nothing on React).
import '@pitlane/ui/renderer-fixes';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppQueryClient } from './app/App.tsx';
import { LocationProvider } from './app/location.tsx';
import { preloadPage } from './app/routes.tsx';
import { replayEarlyPresses } from './first-screen/early-presses.ts';
import { rememberDateFormat, seedQueryCache, takeFirstScreenState } from './first-screen/state.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const queryClient = createAppQueryClient();
// A page drawn on the server (first-screen/render.tsx) came with the replies it was drawn from.
const firstScreen = takeFirstScreenState();
if (firstScreen) seedQueryCache(queryClient, firstScreen);
// For the next page load only, and the browser's first Intl.DateTimeFormat loads its locale's
// data (~100 ms at 4x CPU): when the browser is first idle, not before the first paint.
if ('requestIdleCallback' in window) window.requestIdleCallback(rememberDateFormat, { timeout: 10_000 });
else setTimeout(rememberDateFormat, 2000);
// The page being opened starts loading now, beside the session check, not after it.
const pageLoaded = preloadPage(window.location.pathname);

/**
 * Draws nothing; once the drawn page has been hydrated, presses the buttons pressed before
 * (first-screen/early-presses.ts). Its effect runs after the hydration's commit; the timer waits
 * out the render that commit sets off (the parts that drew their stand-ins until hydrated).
 */
function AfterHydration({ root }: { root: HTMLElement }) {
  useEffect(() => {
    const timer = setTimeout(() => replayEarlyPresses(root));
    return () => clearTimeout(timer);
  }, [root]);
  return null;
}

const app = (
  <StrictMode>
    <App queryClient={queryClient} router={(routes) => <LocationProvider>{routes}</LocationProvider>} />
    {firstScreen && <AfterHydration root={root} />}
  </StrictMode>
);
if (firstScreen) {
  // A page drawn on the server is hydrated: React takes over its DOM as it stands instead of
  // drawing it again, as a transition, so in slices (a plain hydration is one long task). The
  // page's code first: hydrated without it, the page's part would wait behind a Suspense boundary.
  // A part that does not match what the server drew is drawn again here; React reports it, and
  // so do we, so the e2e suite sees it.
  void pageLoaded.then(() =>
    startTransition(() => {
      hydrateRoot(root, app, { onRecoverableError: (error) => console.warn('Pitlane: part of the page drawn on the server was drawn again.', error) });
    }),
  );
} else {
  // The first render as a transition: React renders it in slices and lets the browser handle
  // input between them, instead of one long task while the page loads.
  startTransition(() => createRoot(root).render(app));
}
