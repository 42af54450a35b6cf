// The identity provider the global setup started (spec §1, §2 Login): the product's button that
// goes there, and its own sign-in and consent pages. Used by oidc.spec.ts and two-factor.spec.ts.
import type { Page } from '@playwright/test';
import { expect, OIDC_PROVIDER_NAME } from './fixtures.ts';
import type { Person } from './people.ts';

/** "Sign in with [provider]" on the login and register pages. */
export const signInButton = (page: Page) => page.getByRole('button', { name: `Sign in with ${OIDC_PROVIDER_NAME}` });

/**
 * On the provider's pages: sign in as `person`, then allow Pitlane to see the profile. Waits for
 * the provider's page first: a press made before the app has the login page is pressed once it
 * has, so the browser may still be on the login page, whose "Email Address" is not this "Email".
 */
export async function signInAtProvider(page: Page, person: Person) {
  await expect(page.getByRole('heading', { name: `Sign in to ${OIDC_PROVIDER_NAME}` })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(process.env.E2E_OIDC_ISSUER);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Name', { exact: true }).fill(person.fullName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Pitlane wants to access your ${OIDC_PROVIDER_NAME} account` })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
}
