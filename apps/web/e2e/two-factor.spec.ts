import { generate } from 'otplib';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { createAccount, logIn, logOut, newPerson, type Person } from './people.ts';
import type { Page } from '@playwright/test';
import { signInAtProvider, signInButton } from './provider.ts';

// Two-factor sign-in (issue 19): turned on in Edit Profile with a code computed from the key it
// shows (as an authenticator app would), then a sign-in asks for the code after the password, and
// a recovery code works instead of it, once.

/** The app's code for `secret`, `stepsAhead` 30-second steps from now (the server allows one). */
const appCode = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

test('turn on two-factor sign-in, then sign in with password + code, and with a recovery code', async ({ page, request, isMobile }) => {
  test.setTimeout(90_000);
  await withAxe(page);
  const tess = await createAccount(request, newPerson('Tess'));
  await logIn(page, tess);

  await page.goto('/profile/edit');
  const section = page.getByRole('region', { name: /^Two-factor sign-in/ });
  await expect(section).toContainText('Off');
  await section.getByRole('button', { name: 'Set up' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await section.locator('[data-slot="two-factor-secret"]').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await axe(page, 'the two-factor setup');
  await section.getByLabel('Code from the app').fill(await appCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codesGroup = section.getByRole('group', { name: 'Your recovery codes' });
  await expect(codesGroup.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesGroup.getByRole('listitem').allInnerTexts();
  await axe(page, 'the recovery codes');
  await codesGroup.getByRole('button', { name: 'I saved my recovery codes' }).click();
  await expect(section).toContainText('10 recovery codes left.');
  await expect(section).toContainText('On');

  // Password, then the code (the next step's: the one that turned it on is used up).
  await logOut(page, isMobile);
  await page.getByLabel('Email Address').fill(tess.email);
  await page.getByLabel('Password').fill(tess.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await axe(page, 'the two-factor sign-in step');
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check your authenticator app and try again.');
  await page.getByLabel('Authentication code').fill(await appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Signed in: back where the person logged out.
  await expect(page).toHaveURL(/\/profile\/edit$/);

  // Password, then a recovery code instead.
  await logOut(page, isMobile);
  await page.getByLabel('Email Address').fill(tess.email);
  await page.getByLabel('Password').fill(tess.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByRole('region', { name: /^Two-factor sign-in/ })).toContainText('9 recovery codes left.');
});

/** Signs in as `person` through the provider, from the login page. */
async function signInWithProvider(page: Page, person: Person) {
  await signInButton(page).click();
  await signInAtProvider(page, person);
}

test('a sign-in with the provider asks for the code too', async ({ page, isMobile, baseURL }) => {
  test.setTimeout(90_000);
  const ayla = newPerson('Ayla');
  await page.goto('/login');
  await signInWithProvider(page, ayla);
  await expect(page).toHaveURL(/\/feeds$/);

  // Turned on through the API with this browser's session (the Edit Profile steps are above).
  const headers = { Origin: baseURL! };
  const setup = await page.request.post('/api/two-factor/setup', { headers });
  const { secret } = (await setup.json()) as { secret: string };
  expect((await page.request.post('/api/two-factor/enable', { headers, data: { code: await appCode(secret) } })).ok()).toBe(true);

  await logOut(page, isMobile);
  await page.context().clearCookies();
  await signInWithProvider(page, ayla);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
});
