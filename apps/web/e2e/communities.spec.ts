import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiSession } from './as-person.ts';
import { pngImage } from './images.ts';
import { createAccount, logIn, navLink, newPerson, type Person } from './people.ts';

// A community's whole life (spec §1, §2 Communities, Community page, Edit Community, §4
// membership): created, joined, posted in, edited, a member removed, a member leaving, deleted.

/** Communities: in the sidebar on desktop, in the menu sheet on a phone. */
async function openCommunities(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Communities' }).click();
  } else {
    await navLink(page, false, 'Communities').click();
  }
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Communities' })).toBeVisible();
}

/** Someone else's turn in the same browser: signed out, then in as `person`, then at `url`. */
async function switchTo(page: Page, person: Person, url: string) {
  await page.context().clearCookies();
  await logIn(page, person);
  await page.goto(url);
}

test('a community from start to end: created, joined and posted in, edited, a member removed, a member leaving, deleted', async ({ page, request, playwright, isMobile }) => {
  // Four turns by three people, each logging in: longer than one page's test.
  test.setTimeout(60_000);
  const creator = await createAccount(request, newPerson('Cleo'));
  const member = await createAccount(request, newPerson('Milo'));
  const leaver = await createAccount(request, newPerson('Lars'));
  const name = `Hot Hatch Heroes ${creator.username.split('_')[1]}`;

  // The creator makes it from the Communities page and lands on it, its only member.
  await logIn(page, creator);
  await openCommunities(page, isMobile);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create Community' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Description').fill('Small, light, quick.');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/community\/[^/]+$/);
  const communityUrl = page.url();
  const communityId = communityUrl.split('/').pop()!;
  const header = page.locator('[data-slot="community-header"]');
  await expect(header.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(header).toContainText(`Created by : ${creator.username}`);
  await expect(header).toContainText('1 members');
  await expect(page.getByText('Be the first to post in this community!')).toBeVisible();

  // Lars joins and posts there too (through the API: his part comes later).
  const asLeaver = await apiSession(playwright, leaver);
  await asLeaver.joinCommunity(communityId);
  await asLeaver.createPost('Lars: 205 GTI on the way home', 'Lift-off oversteer, as advertised.', communityId);
  await asLeaver.dispose();

  // Milo opens the shared link: not a member yet, so no posts; he joins and posts from the page.
  await switchTo(page, member, communityUrl);
  await expect(page.getByText('Join to see and create posts.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByRole('button', { name: `Join ${name}` }).click();
  const join = page.getByRole('alertdialog', { name: `Join “${name}”?` });
  await expect(join).toContainText('You will become a member of this community.');
  await join.getByRole('button', { name: 'Confirm' }).click();
  await expect(header).toContainText('3 members');
  await expect(page.getByRole('article', { name: 'Lars: 205 GTI on the way home' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Post in this Community' }).click();
  const post = page.getByRole('dialog', { name: 'Create Post' });
  await expect(post.getByLabel('Post to:')).toHaveValue(communityId);
  await post.getByLabel('Title').fill('Milo: Fiesta ST at the track day');
  await post.getByLabel('Content').fill('Three-cylinder, zero complaints.');
  const chooser = page.waitForEvent('filechooser');
  await post.getByRole('button', { name: 'Select Photos' }).click();
  await (await chooser).setFiles({ name: 'fiesta.png', mimeType: 'image/png', buffer: pngImage(320, 200, [20, 60, 200], [240, 240, 240]) });
  await post.getByRole('button', { name: 'Create Post' }).click();
  await page.getByRole('alertdialog', { name: 'Create Post' }).getByRole('button', { name: 'Confirm' }).click();
  // Back on the community, where the new post is.
  await expect(page).toHaveURL(communityUrl);
  const milosPost = page.getByRole('article', { name: 'Milo: Fiesta ST at the track day' });
  await expect(milosPost).toBeVisible();
  await expect(milosPost.getByRole('link', { name: `Posted in ${name}` })).toBeVisible();

  // The creator edits it: a new cover, name and description.
  await switchTo(page, creator, communityUrl);
  await expect(milosPost).toBeVisible();
  const cover = header.locator('img').first();
  const defaultCover = await cover.getAttribute('src');
  await header.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Community' });
  await expect(edit.getByRole('heading', { name: 'Members (3)' })).toBeVisible();
  await edit.getByLabel('Change cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngImage(640, 240, [200, 16, 46], [250, 200, 40]) });
  await expect(edit.getByRole('img', { name: 'New cover preview' })).toBeVisible();
  const renamed = `${name} Club`;
  await edit.getByLabel('Name').fill(renamed);
  await edit.getByLabel('Description', { exact: true }).fill('Small, light, quick, and loud.');
  // The new cover described for people who cannot see it (issue 18).
  await edit.getByLabel('Description of the cover (alt text)').fill('A red hatchback on a yellow kerb.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(header.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(header).toContainText('Small, light, quick, and loud.');
  await expect(cover).not.toHaveAttribute('src', defaultCover!);
  await expect(cover).toHaveAttribute('alt', 'A red hatchback on a yellow kerb.');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 640)).toBe(true);

  // ...and removes Milo: his post goes with him.
  await header.getByRole('button', { name: 'Edit' }).click();
  await edit.getByRole('button', { name: `Remove ${member.username}` }).click();
  const remove = page.getByRole('alertdialog', { name: `Remove ${member.username}` });
  await expect(remove).toContainText("This will permanently delete all of this user's posts and comments within this community. Are you sure?");
  await remove.getByRole('button', { name: 'Yes, Remove' }).click();
  // The removed member's button is gone: the focus is on the heading with the new count.
  await expect(edit.getByRole('heading', { name: 'Members (2)' })).toBeFocused();
  await expect(edit.getByText(`@${member.username}`)).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(header).toContainText('2 members');
  await expect(milosPost).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Lars: 205 GTI on the way home' })).toBeVisible();

  // Lars leaves: his posts there are deleted.
  await switchTo(page, leaver, communityUrl);
  await header.getByRole('button', { name: `Leave ${renamed}` }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave Community' });
  await expect(leave).toContainText('Leaving will also permanently delete all of your posts in this community. Are you sure?');
  await leave.getByRole('button', { name: 'Yes, Leave' }).click();
  await expect(page.getByText('Join to see and create posts.')).toBeVisible();
  await expect(header).toContainText('1 members');

  // The creator, alone again and with no posts left, deletes it.
  await switchTo(page, creator, communityUrl);
  await expect(page.getByText('Be the first to post in this community!')).toBeVisible();
  await header.getByRole('button', { name: 'Delete' }).click();
  const remove2 = page.getByRole('alertdialog', { name: `Delete “${renamed}”` });
  await expect(remove2).toContainText('This action is permanent. All posts and data will be deleted.');
  await remove2.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('link', { name: renamed })).toHaveCount(0);
  await page.goto(communityUrl);
  await expect(page.getByText('Community not found.')).toBeVisible();
});
