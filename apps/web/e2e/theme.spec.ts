import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { createAccount, logIn, newPerson } from './people.ts';

// The dark theme (issue 21): the system's setting on first paint, before any of the app's
// scripts; the switch in the signed-in menu, kept across reloads; "System" following the
// setting live; the same choice on Edit Profile's Appearance.

test.beforeEach(async ({ page }) => {
  await withAxe(page);
});

const ASPHALT = 'rgb(17, 19, 21)';
const WHITE = 'rgb(255, 255, 255)';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const themeColors = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content')));

/** The theme switch: in the sidebar on desktop, in the menu sheet on a phone. */
async function themeSwitch(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    return page.getByRole('dialog').getByRole('radiogroup', { name: 'Theme' });
  }
  return page.getByRole('complementary', { name: 'Sidebar' }).getByRole('radiogroup', { name: 'Theme' });
}

test('with a dark system setting the login page is dark before any of the app’s scripts run', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  // The app's modules never arrive: what is dark now was made so by the HTML response alone
  // (theme-init.js in <head>) and the CSS.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  expect(await isDark(page)).toBe(true);
  expect(await background(page)).toBe(ASPHALT);
  expect(await themeColors(page)).toEqual(['#ffffff', '#111315']);
  // Native controls draw dark too.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');

  // And light with a light setting.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  expect(await isDark(page)).toBe(false);
  expect(await background(page)).toBe(WHITE);
});

test('the login page in the dark theme passes axe (contrast included)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await isDark(page)).toBe(true);
  await axe(page, 'login, dark');
});

test('the switch in the menu turns the page light, survives a reload, and "System" follows the system live', async ({ page, request, isMobile }) => {
  test.setTimeout(60_000);
  const person = await createAccount(request, newPerson('Noor'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await logIn(page, person);
  await expect(page.getByRole('heading', { level: 1, name: 'My Feed' })).toBeAttached();
  expect(await isDark(page)).toBe(true);
  await axe(page, 'feed, dark');

  const choices = await themeSwitch(page, isMobile);
  await expect(choices.getByRole('radio', { name: 'System' })).toBeChecked();
  await choices.getByRole('radio', { name: 'Light' }).click();
  await expect(choices.getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await isDark(page)).toBe(false);
  expect(await background(page)).toBe(WHITE);
  // The browser chrome follows the choice, not the system.
  expect(await themeColors(page)).toEqual(['#ffffff', '#ffffff']);

  // Kept on this device: light again after a reload, though the system is dark.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Feed' })).toBeAttached();
  expect(await isDark(page)).toBe(false);

  // Edit Profile's Appearance shows the same choice; "System" there hands back to the system.
  await page.goto('/profile/edit');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: 'Light' })).toBeChecked();
  await appearance.getByRole('radio', { name: 'System' }).click();
  expect(await isDark(page)).toBe(true);
  expect(await themeColors(page)).toEqual(['#ffffff', '#111315']);
  await axe(page, 'edit profile, dark');

  // The system turns light while the page is open: so does the page, without a reload.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
});
