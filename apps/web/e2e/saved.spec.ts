import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiSession } from './as-person.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { createAccount, logIn, navLink, newPerson } from './people.ts';

// Saved posts (issue 21): the bookmark on a card, the Saved page behind login, and taking a post
// out of Saved there (its card stays until the list is shown again).

test.beforeEach(async ({ page }) => {
  await withAxe(page);
});

/** Saved: in the sidebar on desktop, in the menu sheet on a phone. */
async function openSaved(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Saved' }).click();
  } else {
    await navLink(page, false, 'Saved').click();
  }
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
}

test('a post saved from the feed is on the Saved page; taken out there, it is gone once the page is read again', async ({ page, request, playwright, isMobile }) => {
  // Two people set up, a login and three page loads with axe: longer than one page's test.
  test.setTimeout(60_000);
  const author = await createAccount(request, newPerson('Ruby'));
  const reader = await createAccount(request, newPerson('Jonas'));
  const writer = await apiSession(playwright, author);
  await writer.createPost('Miata through the Highlands', 'Roof down for 600 miles.');
  await writer.createPost('Coffee at the old airfield', 'All cars welcome.');
  await writer.dispose();
  const follower = await apiSession(playwright, reader);
  await follower.toggleFollow(author.username);
  await follower.dispose();

  // Behind login: a signed-out visit goes to the login page.
  await page.goto('/saved');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, reader);
  const card = page.getByRole('article', { name: 'Miata through the Highlands' });
  const bookmark = card.getByRole('button', { name: 'Save post' });
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  await openSaved(page, isMobile);
  const list = page.getByRole('list', { name: 'Saved posts' });
  const saved = list.getByRole('article', { name: 'Miata through the Highlands' });
  await expect(saved).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(page.getByText("That's everything you've saved.")).toBeVisible();
  await axe(page, '/saved');

  // Taken out of Saved: the card stays under the pointer, its bookmark empty…
  await saved.getByRole('button', { name: 'Save post' }).click();
  await expect(saved.getByRole('button', { name: 'Save post' })).toHaveAttribute('aria-pressed', 'false');
  await expect(saved).toBeVisible();
  // …and the server has forgotten it: read again, the page is empty.
  await page.reload();
  await expect(page.getByText('No saved posts yet.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await axe(page, '/saved (empty)');
});
