import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { apiSession } from './as-person.ts';
import { createAccount, logIn, navLink, newPerson, type Person } from './people.ts';

// Reports and moderation (issue 18), as people use them: someone reports a post in a community
// from its card, the community's creator reads the case in the community's queue and removes the
// post with a reason, and its author reads that reason in their notifications. A second case is
// dismissed. The set-up (the community, the posts, a second report) goes through the API.

test.beforeEach(async ({ page }) => {
  await withAxe(page);
});

/** Someone else's turn in the same browser: signed out, then in as `person`, then at `url`. */
async function switchTo(page: Page, person: Person, url: string) {
  await page.context().clearCookies();
  await logIn(page, person);
  await page.goto(url);
}

/**
 * "More actions" → "Report post" on the card titled `title`; the report dialog. The menu's code
 * (and the dialog's) arrive after the card: a press on the stand-in button opens the menu once
 * it is there, so this waits for the menu item and the dialog by their roles.
 */
async function openReport(page: Page, title: string) {
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'More actions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  await expect(dialog.getByRole('radiogroup', { name: 'Why are you reporting this post?' })).toBeVisible();
  return dialog;
}

test('a report on a community post: the creator removes it with a reason, the author is told; another is dismissed', async ({ page, request, playwright, isMobile }) => {
  // Three people, three logins, a dialog and a queue checked with axe: longer than one page's test.
  test.setTimeout(90_000);
  const creator = await createAccount(request, newPerson('Carla'));
  const author = await createAccount(request, newPerson('Dario'));
  const reporter = await createAccount(request, newPerson('Rhea'));
  const asCreator = await apiSession(playwright, creator);
  const asAuthor = await apiSession(playwright, author);
  const asReporter = await apiSession(playwright, reporter);

  const community = `Air-Cooled Club ${creator.username.split('_')[1]}`;
  const communityId = await asCreator.createCommunity(community, 'Flat sixes only.');
  await asAuthor.joinCommunity(communityId);
  const removedTitle = `Found this 911 photo online, by @${author.username}`;
  const removedId = await asAuthor.createPost(removedTitle, 'Not mine, but nice.', communityId);
  const keptTitle = `Cheap wheel spacers, by @${author.username}`;
  const keptId = await asAuthor.createPost(keptTitle, 'Fitted them myself.', communityId);
  // The second post is reported as spam (it is not): the case the creator dismisses.
  await asReporter.report('post', keptId, 'spam');

  // The reporter reports the first post from its page: a reason and their own words, then thanks.
  await logIn(page, reporter);
  await page.goto(`/post/${removedId}`);
  let dialog = await openReport(page, removedTitle);
  await axe(page, 'the report dialog');
  await dialog.getByRole('radio', { name: 'Stolen photo' }).click();
  await expect(dialog.getByRole('radio', { name: 'Stolen photo' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('That is my photo from the Goodwood paddock.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thanks for telling us. The moderators will look at it.');
  await axe(page, 'the report dialog, sent');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Once per person and item: a second report is refused with the server's words, in the dialog.
  dialog = await openReport(page, removedTitle);
  await dialog.getByRole('radio', { name: 'Harassment or hate' }).click();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You already reported this. The moderators will look at it.');
  await expect(dialog.getByRole('button', { name: 'Done' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The creator finds the queue from the community's header: both cases, with the reasons.
  await switchTo(page, creator, `/community/${communityId}`);
  const header = page.locator('[data-slot="community-header"]');
  await expect(page.getByRole('article', { name: removedTitle })).toBeVisible();
  await header.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/community/${communityId}/reports$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const queue = page.getByRole('list', { name: 'Open reports' });
  const cases = queue.getByRole('article', { name: `Post by ${author.fullName}` });
  await expect(cases).toHaveCount(2);
  const removedCase = cases.filter({ hasText: removedTitle });
  await expect(removedCase).toContainText(`Post in ${community}`);
  await expect(removedCase.getByRole('list', { name: '1 report' }).getByRole('listitem')).toContainText(`Stolen photo by ${reporter.fullName}`);
  await expect(removedCase).toContainText('“That is my photo from the Goodwood paddock.”');
  const keptCase = cases.filter({ hasText: keptTitle });
  await expect(keptCase.getByRole('listitem')).toContainText(`Spam by ${reporter.fullName}`);
  await axe(page, 'the community’s queue');

  // Remove, with the reason the author will read; the case leaves the queue.
  await removedCase.getByRole('button', { name: 'Remove post' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Remove this post?' });
  await expect(remove).toContainText(`It is taken down for everyone and its report is closed. @${author.username} is notified with your reason.`);
  const confirmRemove = remove.getByRole('button', { name: 'Remove post' });
  // No reason, no removal.
  await expect(confirmRemove).toBeDisabled();
  await remove.getByRole('textbox', { name: 'Reason (the author will read it)' }).fill('Posted without the photographer’s permission.');
  await axe(page, 'the removal dialog');
  await confirmRemove.click();
  await expect(remove).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Removed. The author was told why.' })).toBeAttached();
  await expect(removedCase).toHaveCount(0);

  // Dismiss the other: nothing happens to the post, and the queue is empty.
  await keptCase.getByRole('button', { name: 'Dismiss' }).click();
  const dismiss = page.getByRole('alertdialog', { name: 'Dismiss the reports?' });
  await expect(dismiss).toContainText('The post stays as it is and its report is closed. Nobody is notified.');
  await dismiss.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dismiss).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Reports dismissed.' })).toBeAttached();
  await expect(page.getByText('No open reports.')).toBeVisible();
  await axe(page, 'the community’s empty queue');

  // The removed post is gone from the community; the dismissed one stays.
  await page.getByRole('main').getByRole('link', { name: community, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/community/${communityId}$`));
  await expect(page.getByRole('article', { name: keptTitle })).toBeVisible();
  await expect(page.getByRole('article', { name: removedTitle })).toHaveCount(0);
  expect((await asReporter.request.get(`/api/posts/${removedId}`)).status()).toBe(404);
  // A dismissal does not free the reporter to report again.
  const again = await asReporter.request.post('/api/reports', { data: { kind: 'post', targetId: keptId, reason: 'spam', details: '' } });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ message: 'You already reported this. The moderators will look at it.' });

  // The author reads the reason in their notifications.
  await switchTo(page, author, '/feeds');
  await navLink(page, isMobile, 'Notifications').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const removal = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Removed by a moderator' }) });
  await expect(removal).toHaveCount(1);
  await expect(removal).toContainText(`A moderator removed your post “${removedTitle}” from ${community}: Posted without the photographer’s permission.`);
  await expect(removal.getByRole('link', { name: community })).toHaveAttribute('href', `/community/${communityId}`);
  // Only the removal: dismissing tells nobody.
  expect(await asAuthor.notifications()).toHaveLength(1);

  await asCreator.dispose();
  await asAuthor.dispose();
  await asReporter.dispose();
});
