import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiSession } from './as-person.ts';
import { createAccount, newPerson } from './people.ts';

// One whole flow by keyboard alone (issue 9): only `page.keyboard`, never a click or a fill.
// At each step the focus must land where a keyboard user expects it, with its ring showing.
// Desktop only (playwright.config.ts): a phone has no Tab key.

/** The focused element shows a focus indicator: it matches :focus-visible and draws an outline or ring. */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      drawn: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
    };
  });
  expect(ring, 'the focused element shows a focus ring').toEqual({ focusVisible: true, drawn: true });
}

/** Tab (Shift+Tab with `back`) until `target` has the focus, as a person would; at most `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expectFocusRing(target);
}

test('a whole visit by keyboard: log in, find someone, follow, like, comment, delete it, log out', async ({ page, request, playwright }) => {
  // Seven pages and two dialogs, a key at a time: 33 s on a slow CI host (2026-11-27), over the default 30.
  test.setTimeout(60_000);
  const me = await createAccount(request, newPerson('Kay'));
  const author = await createAccount(request, newPerson('Rhys'));
  const asAuthor = await apiSession(playwright, author);
  await asAuthor.createPost('Clio Williams at the hillclimb', 'Gold wheels, blue paint, no regrets.');
  await asAuthor.dispose();

  // Log in: the first field, the next one, Enter submits.
  await page.goto('/login');
  const email = page.getByLabel('Email Address');
  await tabTo(page, email);
  await page.keyboard.type(me.email);
  await page.keyboard.press('Tab');
  await expectFocusRing(page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(me.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/feeds$/);

  // Discover, from the sidebar.
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await tabTo(page, sidebar.getByRole('link', { name: 'Discover' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/discover$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();

  // Search for the author and open their profile from the Users results.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await tabTo(page, search);
  await page.keyboard.type(author.username);
  // The Users results (the suggestions column may list the same person).
  const result = page.getByRole('main').getByRole('link', { name: new RegExp(`@${author.username}`) });
  await tabTo(page, result);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/profile/${author.username}$`));

  // Follow: the button stays focused and turns into Unfollow.
  const header = page.locator('[data-slot="profile-header"]');
  await tabTo(page, header.getByRole('button', { name: `Follow ${author.username}` }));
  await page.keyboard.press('Enter');
  const unfollow = header.getByRole('button', { name: `Unfollow ${author.username}` });
  await expect(unfollow).toBeVisible();
  await expect(header).toContainText('1 followers');
  await expectFocusRing(unfollow);

  // Open the post from the profile's grid.
  const tile = page.getByRole('list', { name: `Posts by ${author.username}` }).getByRole('link').first();
  await tabTo(page, tile);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/post\/[^/]+$/);
  const card = page.getByRole('article', { name: 'Clio Williams at the hillclimb' });

  // Like it with Space: pressed, counted, still focused.
  const like = card.getByRole('button', { name: /Likes$/ });
  await tabTo(page, like);
  await page.keyboard.press('Space');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(/1 Likes/);
  await expectFocusRing(like);

  // Write a comment and send it with Enter: it appears, the field empties and keeps the focus.
  const commentField = card.getByRole('textbox', { name: 'Add a comment' });
  await tabTo(page, commentField);
  await page.keyboard.type('Proper hot hatch. Which hillclimb?');
  await page.keyboard.press('Enter');
  const comment = card.getByRole('listitem').filter({ hasText: 'Proper hot hatch. Which hillclimb?' });
  await expect(comment).toBeVisible();
  await expect(commentField).toHaveValue('');
  await expectFocusRing(commentField);

  // Delete it: the confirmation opens on Cancel, keeps Tab inside, Escape returns to the opener.
  const deleteComment = comment.getByRole('button', { name: `Delete comment by ${me.fullName}` });
  await tabTo(page, deleteComment, { back: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Comment' });
  await expect(confirm).toContainText('Are you sure you want to permanently delete this comment?');
  await expectFocusRing(confirm.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Tab');
  await expectFocusRing(confirm.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Tab');
  await expectFocusRing(confirm.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Shift+Tab');
  await expectFocusRing(confirm.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expectFocusRing(deleteComment);

  await page.keyboard.press('Enter');
  await expectFocusRing(confirm.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(comment).toHaveCount(0);
  // The deleted comment's button is gone: the focus goes on to the comment field, not <body>.
  await expectFocusRing(commentField);

  // Log out: the confirmation, then the login page.
  await tabTo(page, sidebar.getByRole('button', { name: 'Logout' }), { back: true });
  await page.keyboard.press('Enter');
  const logout = page.getByRole('alertdialog', { name: 'Confirm Logout' });
  await expectFocusRing(logout.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Tab');
  await expectFocusRing(logout.getByRole('button', { name: 'Logout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});
