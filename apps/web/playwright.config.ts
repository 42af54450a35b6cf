import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';

/**
 * End-to-end tests drive the built product (server + web app on one origin) in Debian's
 * Chromium. The global setup starts the real server on a free port with a temporary DATA_DIR.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // Two files at a time (one per core), each file's tests in order: every test signs up people
  // of its own (people.ts), reads the codes mailed to them, and the server allow-lists loopback
  // from rate limits, so files share only the public lists (Discover, trending), which no test
  // expects to hold only its own posts. One worker left a core idle while the browser waited on
  // the server (about 7 min of CI).
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // CI has two cores, shared by the server, the browser and the test runner: a page that reloads
  // with its data may take more than the default 5 s there without anything being wrong.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    ...devices['Desktop Chrome'],
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      // The keyboard-only flow is a desktop one: a phone has no Tab key.
      testIgnore: 'keyboard.spec.ts',
    },
  ],
});
