import type { Alias } from 'vite';

/**
 * The app is written against React's API (its types, @types/react) and runs on Preact's compat
 * layer: the same components in about a sixth of the bytes (issue 22). Every Vite build that
 * renders the UI resolves React's entry points to it: the web app, its dev server and Storybook
 * (so every story's test runs on the renderer that ships). Measured 2026-12-05: first-load JS
 * /login 118.4 -> 61.5 KB gzip, /feeds 135.0 -> 78.0 KB (BENCHMARKS.md, "Fifth pass").
 *
 * Where compat runs React code on another schedule, packages/ui/src/lib/preact-compat-fixes.ts
 * puts React's back. The unit project (jsdom, vitest.config.ts) stays on React itself: Testing
 * Library's CommonJS build requires react-dom past Vite's aliases; it tests hooks and logic.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];
