import { expect, test } from './fixtures.ts';
import { apiSession } from './as-person.ts';
import { createAccount, logIn, navLink, newPerson } from './people.ts';

// Live updates (issue 16, item 4): with the page open and never reloaded, a follow raises the
// unread badge and a followed person's post brings up the "new posts" pill, which shows it.

test('the badge and the new posts pill follow what others do, without a reload', async ({ page, request, playwright, isMobile }, testInfo) => {
  test.setTimeout(60_000);
  const reader = await createAccount(request, newPerson('Ines'));
  const writer = await createAccount(request, newPerson('Theo'));
  const asWriter = await apiSession(playwright, writer);
  const asReader = await apiSession(playwright, reader);
  await asReader.toggleFollow(writer.username);
  await asWriter.createPost('Early start at the ring', 'Dry track, cold tyres.');

  await logIn(page, reader);
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByRole('heading', { name: 'Early start at the ring' })).toBeVisible();
  const notifications = navLink(page, isMobile, 'Notifications');
  await expect(notifications).not.toContainText('1');

  // Theo follows back: the badge shows it while Ines reads her feed.
  await asWriter.toggleFollow(reader.username);
  await expect(notifications).toContainText('1');

  // Theo posts: the pill offers it; the feed itself does not move until she asks.
  await asWriter.createPost('Night run to the coast', 'Empty roads after midnight.');
  const pill = page.getByRole('button', { name: '1 new post' });
  await expect(pill).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Night run to the coast' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('new-posts-pill.png') });
  await pill.click();
  await expect(page.getByRole('heading', { name: 'Night run to the coast' })).toBeVisible();
  await expect(pill).toBeHidden();
  await asWriter.dispose();
  await asReader.dispose();
});
