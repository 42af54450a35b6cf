// Before anything renders: on preact/compat, React's schedule (scripts/renderer.ts; nothing on React).
import '@pitlane/ui/renderer-fixes';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { App, createAppQueryClient } from './app/App.tsx';
import { preloadPage } from './app/routes.tsx';
import { rememberDateFormat, takeFirstScreenState } from './first-screen/state.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const queryClient = createAppQueryClient();
// A page drawn on the server (first-screen/render.tsx) came with the replies it was drawn from.
const firstScreen = takeFirstScreenState();
if (firstScreen) hydrate(queryClient, firstScreen as DehydratedState);
rememberDateFormat();
// The page being opened starts loading now, beside the session check, not after it.
const pageLoaded = preloadPage(window.location.pathname);

// The first render as a transition: React renders it in slices and lets the browser handle input
// between them, instead of one long task while the page loads. It replaces a page drawn on the
// server when it commits, so that page stays up until then.
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />
      </StrictMode>,
    );
  });
// Over a page drawn on the server, the app waits for the page's code: rendered before, its first
// commit would be a spinner where the page was.
if (firstScreen) void pageLoaded.then(render);
else render();
