import { expect, test } from './fixtures.ts';
import { anonymousRequest, apiSession } from './as-person.ts';
import { createAccount, logIn, navLink, newPerson, type Person } from './people.ts';

// Nia receives, Omar follows her.
test.describe.configure({ mode: 'serial' });

let nia: Person;
let omar: Person;

test.beforeAll(async ({ playwright }) => {
  const request = await anonymousRequest(playwright);
  nia = await createAccount(request, newPerson('Nia'));
  omar = await createAccount(request, newPerson('Omar'));
  await request.dispose();
});

test('a follow arrives as a new notification; leaving after 2 s marks it read, leaving sooner does not', async ({ page, playwright, isMobile }, testInfo) => {
  const asOmar = await apiSession(playwright, omar);
  await asOmar.toggleFollow(nia.username);
  await asOmar.dispose();
  const asNia = await apiSession(playwright, nia);
  expect(await asNia.unreadCount()).toBe(1);

  await logIn(page, nia);
  const notifications = navLink(page, isMobile, 'Notifications');
  await expect(notifications).toContainText('1');

  // A quick look (well under 2 s) leaves it unread.
  await notifications.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByRole('link', { name: new RegExp(`${omar.fullName} started following you\\.`) });
  await expect(item).toBeVisible();
  await navLink(page, isMobile, 'My Feed', 'Feeds').click();
  await expect(page).toHaveURL(/\/feeds$/);
  await page.waitForTimeout(500);
  expect(await asNia.unreadCount()).toBe(1);

  // Staying 2 s and more, then leaving through the item itself: marked read, badge gone.
  await notifications.click();
  await expect(page.getByRole('heading', { level: 2, name: 'New' })).toBeVisible();
  await expect(item).toHaveAttribute('href', `/profile/${omar.username}`);
  await page.screenshot({ path: testInfo.outputPath('notifications.png'), fullPage: true });
  await page.waitForTimeout(2_300);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${omar.username}$`));
  await expect.poll(() => asNia.unreadCount()).toBe(0);
  await expect(navLink(page, isMobile, 'Notifications')).not.toContainText('1');

  // Back on the page the item is no longer new.
  await navLink(page, isMobile, 'Notifications').click();
  await expect(page.getByRole('link', { name: new RegExp(`${omar.fullName} started following you\\.`) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'New' })).toHaveCount(0);
  await asNia.dispose();
});

test('Clear All asks first, then deletes every notification', async ({ page, playwright, isMobile }) => {
  const asNia = await apiSession(playwright, nia);
  expect((await asNia.notifications()).length).toBeGreaterThan(0);
  await logIn(page, nia);
  await navLink(page, isMobile, 'Notifications').click();
  await expect(page.getByRole('link', { name: new RegExp(`${omar.fullName} started following you\\.`) })).toBeVisible();

  // Cancelling keeps them.
  await page.getByRole('button', { name: 'Clear All' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete All Notifications' });
  await expect(dialog).toContainText('Are you sure you want to permanently delete all of your notifications?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: new RegExp(`${omar.fullName} started following you\\.`) })).toBeVisible();

  await page.getByRole('button', { name: 'Clear All' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You have no notifications yet.')).toBeVisible();
  await expect.poll(async () => (await asNia.notifications()).length).toBe(0);
  await asNia.dispose();
});
