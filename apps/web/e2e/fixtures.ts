import { test as base } from '@playwright/test';

/** Every test talks to the server the global setup started. */
export const test = base.extend({
  // Playwright fixtures must destructure their dependencies, even when there are none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(url);
  },
});
export { expect } from '@playwright/test';

/** The identity provider the global setup starts, by the name the login page shows. */
export const OIDC_PROVIDER_NAME = 'Test ID';
