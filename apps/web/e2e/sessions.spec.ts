import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { createAccount, logIn, navLink, newPerson } from './people.ts';

// Active sessions (issue 19): Edit Profile lists the person's sessions, and "Log out everywhere
// else" signs every other browser out, which finds out on its next navigation.

test('signed in on two browsers: the first sees both and logs the other out everywhere else', async ({ page, browser, request, isMobile, baseURL }) => {
  test.setTimeout(90_000);
  await withAxe(page);
  const mia = await createAccount(request, newPerson('Mia'));

  // The second browser: its own cookies, signed in first.
  const other = await browser.newContext({ baseURL, ...(isMobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : {}) });
  const second = await other.newPage();
  await logIn(second, mia);
  await logIn(page, mia);

  await page.goto('/profile/edit');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  const rows = sessions.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  // This browser first, flagged; the other one can be logged out on its own.
  await expect(rows.first()).toContainText('This device');
  // Named from its User-Agent: Playwright's "Desktop Chrome" says Chrome on Windows.
  await expect(rows.first()).toContainText('Chrome on Windows');
  await expect(rows.first()).toContainText('Active now');
  await expect(rows.first().getByRole('button')).toHaveCount(0);
  await expect(rows.nth(1).getByRole('button', { name: /^Log out / })).toBeVisible();
  await expect(rows.nth(1)).toContainText('Last active');
  await axe(page, 'the Sessions section');

  await sessions.getByRole('button', { name: 'Log out everywhere else' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Log out everywhere else?' });
  await expect(confirm).toContainText('This one stays signed in.');
  await axe(page, 'the log out everywhere else confirmation');
  await confirm.getByRole('button', { name: 'Log out everywhere else' }).click();
  await expect(confirm).toBeHidden();
  await expect(sessions.getByText('This is your only session.')).toBeVisible();
  await expect(sessions.getByRole('status')).toHaveText('Signed out of the other sessions.');
  await expect(rows).toHaveCount(1);

  // The other browser is signed out the next time it goes anywhere; this one is not.
  await navLink(second, isMobile, 'Notifications').click();
  await expect(second).toHaveURL(/\/login$/);
  await second.goto('/feeds');
  await expect(second).toHaveURL(/\/login$/);
  await other.close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Sessions' }).getByText('This is your only session.')).toBeVisible();
});
