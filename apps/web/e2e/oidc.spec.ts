import type { Page } from '@playwright/test';
import { expect, OIDC_PROVIDER_NAME, test } from './fixtures.ts';
import { logOut, newPerson, type Person } from './people.ts';
import { signInAtProvider, signInButton } from './provider.ts';

// Third-party sign-in (spec §1, §2 Login, §8) with the real OpenID Connect provider the global
// setup started: its own sign-in and consent pages, then back to the product.

/** Own profile: the header with the person's name and the edit link only its owner has. */
async function expectOwnProfile(page: Page, person: Person) {
  await page.goto(`/profile/${person.username}`);
  const header = page.locator('[data-slot="profile-header"]');
  await expect(header.getByRole('heading', { level: 1, name: person.fullName })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Edit profile' })).toBeVisible();
}

test('a new person signs in with the provider, and signing in again reaches the same account', async ({ page, isMobile }) => {
  // The provider gives the e-mail's local part as the preferred username: the same as here.
  const person = newPerson('Ayrton');
  await page.goto('/login');
  await expect(page.getByText('Or with email')).toBeVisible();
  await signInButton(page).click();
  await signInAtProvider(page, person);

  // Back at the login page, which finishes the code flow: a new account, signed in, on the feed.
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByText('Your feed is empty. Go to the Discover page to find users to follow!')).toBeVisible();
  await expectOwnProfile(page, person);

  // Signed out, and in again from a fresh browser (no session at the provider either).
  await logOut(page, isMobile);
  await page.context().clearCookies();
  await signInButton(page).click();
  await signInAtProvider(page, person);
  await expect(page).toHaveURL(/\/feeds$/);
  await expectOwnProfile(page, person);
  // The very same account, not a second one with a numbered username.
  await page.goto(`/profile/${person.username}2`);
  await expect(page.getByText('User not found.')).toBeVisible();
});

/** The next `window.alert`'s text, once it has been dismissed. */
function nextAlert(page: Page): Promise<string> {
  return page.waitForEvent('dialog').then(async (dialog) => {
    const message = dialog.message();
    await dialog.accept();
    return message;
  });
}

test('a cancelled or failed provider sign-in comes back to the login page with the failure alert', async ({ page }) => {
  await page.goto('/login');
  await signInButton(page).click();
  await expect(page.getByRole('heading', { name: `Sign in to ${OIDC_PROVIDER_NAME}` })).toBeVisible();

  const cancelled = nextAlert(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await cancelled).toBe(`${OIDC_PROVIDER_NAME} login failed. Please try again.`);
  // The plain login page, without the provider's answer in the address; still signed out.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // A code the server cannot use (not from this browser's sign-in) fails the same way.
  const failed = nextAlert(page);
  await page.goto('/login?code=not-a-real-code&state=not-a-real-state');
  expect(await failed).toBe(`${OIDC_PROVIDER_NAME} login failed. Please try again.`);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/feeds');
  await expect(page).toHaveURL(/\/login$/);
});
