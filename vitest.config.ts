import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import './.storybook/node-guard.ts';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';
import { KIRITIMATI, movedClockEnv } from './scripts/faketime.ts';
import { renderer } from './scripts/renderer.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const storyClockEnv = movedClockEnv(KIRITIMATI);

const storyDependencies = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'wouter',
  'wouter/memory-location',
  '@tanstack/react-query',
  '@radix-ui/react-avatar',
  '@radix-ui/react-dialog',
  '@radix-ui/react-dropdown-menu',
  '@radix-ui/react-radio-group',
  '@radix-ui/react-slot',
  'class-variance-authority',
  'clsx',
  'tailwind-merge',
  'lucide-react',
  'zod',
  'react-hook-form',
  'react-image-crop',
  'msw',
  'msw/browser',
  'msw-storybook-addon/csf3',
  'storybook/test',
  // With PITLANE_RENDERER=preact: the renderer and its fixes' import (scripts/renderer.ts).
  ...(renderer === 'preact'
    ? ['preact', 'preact/hooks', 'preact/compat', 'preact/compat/client', 'preact/compat/jsx-runtime', 'preact/compat/jsx-dev-runtime']
    : []),
];

export default defineConfig({
  test: {
    projects: [
      {
        // Plain component, hook and contract tests, and the repository scripts' own logic.
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          // One jsdom per worker, each file still in its own vm context (vitest.unit.setup.ts).
          pool: 'vmThreads',
          setupFiles: ['./vitest.unit.setup.ts'],
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        },
      },
      {
        // Every story is a test: rendered in Debian's Chromium, play function, axe, screenshot.
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        // Pre-bundle every dependency the stories import up front: a dependency discovered
        // mid-run makes Vite reload the page and the test file fails on a fresh machine.
        optimizeDeps: { include: storyDependencies },
        test: {
          name: 'storybook',
          setupFiles: ['.storybook/vitest.setup.ts'],
          // A story's time holds its play, the accessibility check and three pictures: 4-16 s for
          // the photo editor's on a quiet machine, over the browser default of 15 s on a slow CI
          // host (2026-11-27: "Keyboard Flow In Picker" timed out there). Its waits already allow 15 s.
          testTimeout: 30_000,
          // Two pages at once on two cores: one computes while the other's pictures are encoded and
          // compared. 2026-11-27 (slow host): 84 stories 137 s with one, 116 s with two (three
          // failed a wait); all 841 in 760 s with two, against ~1,000 s with one in CI that day.
          maxWorkers: 2,
          // The setup checks the browser really runs on this clock, so the guard cannot go quiet.
          provide: { storyClock: storyClockEnv.FAKETIME ? KIRITIMATI : null },
          browser: {
            enabled: true,
            headless: true,
            // The browser's clock and zone are moved (00:05 on 2027-03-01 in UTC+14), so a story
            // that reads the real date, hour or zone fails the day it is written (scripts/faketime.ts).
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumArgs, env: { ...process.env, ...storyClockEnv } },
            }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                // Rendering here is deterministic (baselines regenerate byte-identical), so the colour
                // tolerance is tight: 0.1 (pixelmatch's default) let light-grey changes on white through.
                comparatorOptions: { threshold: 0.02, allowedMismatchedPixelRatio: 0 },
              },
            },
          },
        },
      },
      {
        // The real backend: PGlite always, PostgreSQL too when DATABASE_URL is set.
        test: {
          name: 'server',
          environment: 'node',
          // One file more than there are cores: these files wait on processes, sockets and timers
          // as much as they compute. On CI's two cores: one at a time 825 s, two 732 s, three 636 s
          // (2026-11-27, 1,595 tests, quiet machine). `npm test` runs the stories after them, not
          // beside them: both at once overloads two cores.
          maxWorkers: availableParallelism() + 1,
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // One migrated PGlite database written for the run, loaded by each file's template.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
