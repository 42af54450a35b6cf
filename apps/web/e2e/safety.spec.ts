import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { apiSession } from './as-person.ts';
import { createAccount, logIn, newPerson, type Person } from './people.ts';

// Block and mute (issue 18), as people use them: from the other person's profile, then undone
// from Edit Profile's lists. What the other side sees is checked through the API.

test.beforeEach(async ({ page }) => {
  await withAxe(page);
});

/** Opens the profile's "More" menu and takes `item`. */
async function profileAction(page: Page, person: Person, item: string) {
  await page.getByRole('button', { name: `More actions for @${person.username}` }).click();
  await page.getByRole('menuitem', { name: `${item} @${person.username}` }).click();
}

test('a block: both sides lose each other, and Edit Profile undoes it', async ({ page, request, playwright }) => {
  // Two accounts, a login, four pages with axe: longer than one page's test.
  test.setTimeout(90_000);
  const ana = await createAccount(request, newPerson('Ana'));
  const ben = await createAccount(request, newPerson('Ben'));
  const asAna = await apiSession(playwright, ana);
  const asBen = await apiSession(playwright, ben);
  // They follow each other; Ben posts, Ana posts.
  await asAna.toggleFollow(ben.username);
  await asBen.toggleFollow(ana.username);
  const benTitle = `Track day at Zandvoort, by @${ben.username}`;
  await asBen.createPost(benTitle, 'Cold tyres, warm brakes.');
  const anaPost = await asAna.createPost(`Detailing day, by @${ana.username}`, 'Two-bucket wash.');

  await logIn(page, ana);
  await expect(page.getByRole('article', { name: benTitle })).toBeVisible();

  // Ana blocks Ben from his profile: asked first, then the profile is closed to her.
  await page.goto(`/profile/${ben.username}`);
  await profileAction(page, ben, 'Block');
  const confirm = page.getByRole('alertdialog', { name: `Block @${ben.username}?` });
  await expect(confirm).toContainText('They are not told.');
  await axe(page, 'block confirmation');
  await confirm.getByRole('button', { name: 'Block' }).click();
  // Said on the page, and to screen readers in the status line.
  await expect(page.getByRole('paragraph').filter({ hasText: `You blocked @${ben.username}.` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `You blocked @${ben.username}.` })).toBeAttached();
  await expect(page.getByRole('main').getByRole('button', { name: `Unfollow ${ben.username}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await axe(page, 'a blocked profile');

  // Her feed no longer has his post: his was the only one.
  await page.goto('/feeds');
  await expect(page.getByText('Your feed is empty. Go to the Discover page to find users to follow!')).toBeVisible();
  await expect(page.getByRole('article', { name: benTitle })).toHaveCount(0);

  // Ben's side: her profile is not available, and he can neither like her post nor follow her.
  const profile = await asBen.request.get(`/api/user/${ana.username}`);
  expect(profile.status()).toBe(404);
  expect(await profile.json()).toEqual({ message: 'This profile is not available.' });
  const like = await asBen.request.patch(`/api/posts/${anaPost}/like`, { data: {} });
  expect(like.status()).toBe(403);
  expect(await like.json()).toEqual({ message: 'This person is not available.' });
  const follow = await asBen.request.patch(`/api/user/${await asAna.idOf(ana.username)}/follow`, { data: {} });
  expect(follow.status()).toBe(403);

  // Edit Profile lists him; Unblock empties the list and his profile opens again.
  await page.goto('/profile/edit');
  const blocked = page.getByRole('region', { name: 'Blocked accounts' });
  await expect(blocked.getByRole('link', { name: new RegExp(ben.username) })).toBeVisible();
  await axe(page, 'edit profile with a blocked account');
  await blocked.getByRole('button', { name: 'Unblock' }).click();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
  await page.goto(`/profile/${ben.username}`);
  // In the profile's header (on a desktop the suggestions beside it may offer him too).
  await expect(page.getByRole('main').getByRole('button', { name: `Follow ${ben.username}` })).toBeVisible();
  // The follows a block ended stay ended.
  expect((await asBen.request.get(`/api/user/${ana.username}`)).status()).toBe(200);

  await asAna.dispose();
  await asBen.dispose();
});

test("a mute: their posts leave the feed, nothing changes for them, and it is undone from the profile", async ({ page, request, playwright }) => {
  test.setTimeout(90_000);
  const ines = await createAccount(request, newPerson('Ines'));
  const omar = await createAccount(request, newPerson('Omar'));
  const asInes = await apiSession(playwright, ines);
  const asOmar = await apiSession(playwright, omar);
  await asInes.toggleFollow(omar.username);
  const title = `Fifth oil change this month, by @${omar.username}`;
  await asOmar.createPost(title, 'Yes, again.');

  await logIn(page, ines);
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  await page.goto(`/profile/${omar.username}`);
  await profileAction(page, omar, 'Mute');
  await expect(page.getByText('Muted', { exact: true })).toBeVisible();
  // Still followed, and the profile still shows his posts: visiting is asking to see them.
  await expect(page.getByRole('main').getByRole('button', { name: `Unfollow ${omar.username}` })).toBeVisible();
  await axe(page, 'a muted profile');

  await page.goto('/feeds');
  await expect(page.getByText('Your feed is empty. Go to the Discover page to find users to follow!')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  // Omar is not told: Ines still follows him.
  const his = (await (await asOmar.request.get(`/api/user/${omar.username}`)).json()) as { followers: string[] };
  expect(his.followers).toEqual([await asOmar.idOf(ines.username)]);

  await page.goto(`/profile/${omar.username}`);
  await profileAction(page, omar, 'Unmute');
  await expect(page.getByText('Muted', { exact: true })).toHaveCount(0);
  await page.goto('/feeds');
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  await asInes.dispose();
  await asOmar.dispose();
});
