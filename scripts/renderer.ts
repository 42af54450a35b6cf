import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * Which renderer runs the UI: React 19 (the default, what ships), or with
 * `PITLANE_RENDERER=preact` Preact 11's compat layer under the same React API (issue 22: first-load
 * JS /login 118.4 -> 61.7 KB gzip, /feeds 135.0 -> 78.1 KB). The web app's build and dev server
 * and Storybook read it, so the story and e2e suites run on either.
 *
 * Not the default yet: on compat the whole suite passes (841 stories, 91 e2e tests), but a
 * signed-in /feeds blocks the main thread far longer (Lighthouse TBT 219 -> 1,243 ms, performance
 * 93 -> 74 on one host): Preact draws each render in one task where React slices it, so each feed
 * card is a long task (BENCHMARKS.md, "Fifth pass").
 *
 * The unit project (jsdom, vitest.config.ts) is React's in both: Testing Library's CommonJS build
 * requires react-dom past Vite's aliases; it tests hooks and logic.
 */
export const renderer: 'react' | 'preact' = process.env.PITLANE_RENDERER === 'preact' ? 'preact' : 'react';

const fixes = fileURLToPath(new URL('../packages/ui/src/lib/preact-compat-fixes.ts', import.meta.url));
const noFixes = fileURLToPath(new URL('../packages/ui/src/lib/react-needs-no-fixes.ts', import.meta.url));

/** The aliases of `renderer`, first in a Vite config's `resolve.alias`. */
export const rendererAliases: Alias[] =
  renderer === 'preact'
    ? [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^@pitlane\/ui\/renderer-fixes$/, replacement: fixes },
      ]
    : // React needs none of compat's fixes, nor Preact's bytes in its bundle.
      [{ find: /^@pitlane\/ui\/renderer-fixes$/, replacement: noFixes }];
