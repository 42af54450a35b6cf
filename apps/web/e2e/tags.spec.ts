import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { pngImage } from './images.ts';
import { createAccount, logIn, logOut, navLink, newPerson, type Person } from './people.ts';

// Mentions and tags (issue 21): a person writes a post with a tag and a mention picked from the
// type-ahead with the keyboard; the tag links to its page, Discover shows it trending, and the
// person mentioned gets a notification that leads to the post.

test.beforeEach(async ({ page }) => {
  await withAxe(page);
});

const photo = { name: 'shakedown.png', mimeType: 'image/png', buffer: pngImage(320, 240, [200, 16, 46], [20, 20, 28]) };

/** Create Post: in the sidebar on desktop, in the bottom bar on a phone. */
async function openCreatePost(page: Page, isMobile: boolean) {
  await navLink(page, isMobile, 'Create Post').click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types `@` and the start of `person`'s username in `field`, then picks them from the list with ↓ and Enter. */
async function mentionWithKeyboard(page: Page, field: ReturnType<Page['getByRole']>, person: Person) {
  await field.pressSequentially(`@${person.username.slice(0, -2)}`);
  const list = page.getByRole('listbox', { name: 'People' });
  await expect(list).toBeVisible();
  const option = list.getByRole('option', { name: new RegExp(`@${person.username}`) });
  await expect(option).toBeVisible();
  await expect(field).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  // The first option is highlighted as the list opens; ↓ moves on until it is the one wanted.
  for (let step = 0; step < 10 && (await option.getAttribute('aria-selected')) !== 'true'; step++) await field.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await field.press('Enter');
  await expect(list).toBeHidden();
}

test('a post with #trackday and a mention: the tag page lists it, Discover trends it, the person mentioned is notified', async ({ page, request, isMobile }) => {
  // Two people, two logins, a post with a photo and five pages checked with axe.
  test.setTimeout(90_000);
  const author = await createAccount(request, newPerson('Maya'));
  const friend = await createAccount(request, newPerson('Jonas'));
  const title = `Shakedown ${author.username}`;

  await logIn(page, author);
  const dialog = await openCreatePost(page, isMobile);
  await dialog.getByLabel('Title').fill(title);
  const content = dialog.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially('Brake pads bedded in. #trackday with ');
  await mentionWithKeyboard(page, content, friend);
  await expect(content).toHaveValue(`Brake pads bedded in. #trackday with @${friend.username} `);
  await content.pressSequentially('next month.');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Select Photos' }).click();
  await (await chooser).setFiles([photo]);
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await page.getByRole('alertdialog', { name: 'Create Post' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${author.username}$`));

  // On the post's page the words are links: the tag to its page, the name to the profile.
  await page.getByRole('list', { name: `Posts by ${author.username}` }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/post\/[^/]+$/);
  const postUrl = page.url();
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('link', { name: `@${friend.username}` })).toHaveAttribute('href', `/profile/${friend.username}`);
  await card.getByRole('link', { name: '#trackday' }).click();

  // The tag's page lists the post.
  await expect(page).toHaveURL(/\/tags\/trackday$/);
  await expect(page.getByRole('heading', { level: 1, name: '#trackday' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Posts with #trackday' }).getByRole('article', { name: title })).toBeVisible();
  await axe(page, '/tags/trackday');

  // Discover shows it among the trending tags.
  await navLink(page, isMobile, 'Discover').click();
  await expect(page).toHaveURL(/\/discover$/);
  const trending = page.getByRole('list', { name: 'Trending tags' });
  await expect(trending.getByRole('link', { name: /^#trackday \d+ posts?$/ })).toHaveAttribute('href', '/tags/trackday');
  await axe(page, '/discover');

  // An address that is no tag is not found.
  await page.goto('/tags/not-a-tag');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  // The friend is told, and the notification leads to the post.
  await page.goto('/feeds');
  await logOut(page, isMobile);
  await logIn(page, friend);
  await navLink(page, isMobile, 'Notifications').click();
  const item = page.getByRole('link', { name: new RegExp(`${author.fullName} mentioned you in a post: ${title}`) });
  await expect(item).toBeVisible();
  await axe(page, '/notifications (mention)');
  await item.click();
  await expect(page).toHaveURL(postUrl);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
});
