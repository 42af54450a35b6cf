// Before anything renders: on preact/compat, React's schedule (scripts/renderer.ts; nothing on React).
import '@pitlane/ui/renderer-fixes';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadPage } from './app/routes.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The page being opened starts loading now, beside the session check, not after it.
preloadPage(window.location.pathname);
// The first render as a transition: React renders it in slices and lets the browser handle input
// between them, instead of one long task while the page loads.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
