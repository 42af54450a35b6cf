import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiSession } from './as-person.ts';
import { pngImage } from './images.ts';
import { createAccount, logIn, navLink, newPerson, type Person } from './people.ts';
import { appTookOver, rememberDateFormat, RETURNING_BROWSER } from './returning-browser.ts';

/** Two real photos, made in the test. */
const photos = [
  { name: 'e30-front.png', mimeType: 'image/png', buffer: pngImage(320, 240, [200, 16, 46], [20, 20, 28]) },
  { name: 'e30-rear.png', mimeType: 'image/png', buffer: pngImage(240, 320, [240, 180, 40], [30, 60, 120]) },
];

/** Opens Create Post from the navigation, fills it in, confirms, and lands on the profile. */
async function createPost(page: Page, isMobile: boolean, person: Person, title: string, content: string) {
  await navLink(page, isMobile, 'Create Post').click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Post to:')).toHaveValue('');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill(content);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Select Photos' }).click();
  await (await chooser).setFiles(photos);
  await expect(dialog.getByText('Selected Images (2 / 5)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Post' }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Create Post' });
  await expect(confirm).toContainText('Are you sure you want to create this post?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${person.username}$`));
}

test('an author posts photos, then likes, comments on and deletes a comment on the post', async ({ page, request, isMobile }) => {
  const person = await createAccount(request, newPerson('Maya'));
  await logIn(page, person);
  await createPost(page, isMobile, person, 'Sunday drive in the E30', 'Twisty roads, cold air, happy engine.');

  // The profile's grid shows it; its tile opens the post page.
  const tile = page.getByRole('list', { name: `Posts by ${person.username}` }).getByRole('link').first();
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(/\/post\/[^/]+$/);

  const card = page.getByRole('article', { name: 'Sunday drive in the E30' });
  await expect(card.getByText('Twisty roads, cold air, happy engine.')).toBeVisible();
  await expect(card.getByRole('link', { name: person.fullName })).toBeVisible();
  // Both photos arrived as real images the browser decodes.
  const firstPhoto = card.locator('[data-slot="image-slider"] img').first();
  await expect(firstPhoto).toBeVisible();
  await expect.poll(() => firstPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const like = card.getByRole('button', { name: /Likes$/ });
  await expect(like).toHaveText(/0 Likes/);
  await like.click();
  await expect(like).toHaveText(/1 Likes/);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  // The like is the server's, not just the screen's.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Sunday drive in the E30' }).getByRole('button', { name: /Likes$/ })).toHaveText(/1 Likes/);
  await appTookOver(page);

  const comment = 'That paint is perfect.';
  await card.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  await card.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(card.getByText(comment)).toBeVisible();

  await card.getByRole('button', { name: `Delete comment by ${person.fullName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Comment' });
  await expect(confirm).toContainText('Are you sure you want to permanently delete this comment?');
  await confirm.getByRole('button', { name: /Delete|Confirm/ }).click();
  await expect(card.getByText(comment)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Sunday drive in the E30' })).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
});

test("a follower sees the author's post in their feed", async ({ page, request, isMobile }) => {
  const author = await createAccount(request, newPerson('Kenji'));
  const reader = await createAccount(request, newPerson('Lena'));
  await logIn(page, author);
  await createPost(page, isMobile, author, 'AE86 at dawn', 'Touge run before the traffic.');
  await page.context().clearCookies();

  await logIn(page, reader);
  await expect(page.getByText('Your feed is empty. Go to the Discover page to find users to follow!')).toBeVisible();

  // Find the author through Discover's search and follow them from their profile.
  await navLink(page, isMobile, 'Discover').click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(author.username);
  await page.getByRole('main').getByRole('link', { name: new RegExp(`@${author.username}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${author.username}$`));
  // The profile's own button (on desktop the suggestions column has Follow buttons too, for
  // other people, and may be drawn before the profile is).
  const header = page.locator('[data-slot="profile-header"]');
  await header.getByRole('button', { name: `Follow ${author.username}` }).click();
  await expect(header.getByRole('button', { name: `Unfollow ${author.username}` })).toBeVisible();

  await navLink(page, isMobile, 'My Feed', 'Feeds').click();
  await expect(page).toHaveURL(/\/feeds$/);
  const card = page.getByRole('article', { name: 'AE86 at dawn' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: author.fullName })).toBeVisible();
  await expect(page.getByText("You've reached the end of the road!")).toBeVisible();
});

test('a feed page of cards takes one feed request, no card asks for its own comments, and opened again it arrives drawn with its first photo fetched once (issue 22)', async ({ page, request, playwright, browser, baseURL, isMobile }) => {
  const author = await createAccount(request, newPerson('Sena'));
  const reader = await createAccount(request, newPerson('Theo'));
  const writer = await apiSession(playwright, author);
  const titles = ['Feed card 1', 'Feed card 2', 'Feed card 3', 'Feed card 4'];
  const ids: string[] = [];
  for (const title of titles) ids.push(await writer.createPost(title, 'Counting requests.'));
  for (const text of ['First!', 'Second.', 'Third, newest.']) await writer.comment(ids[0]!, text);
  await writer.dispose();
  const follower = await apiSession(playwright, reader);
  await follower.toggleFollow(author.username);
  await follower.dispose();

  const reads: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/posts/feed') || url.pathname.startsWith('/api/comments/')) reads.push(`${sent.method()} ${url.pathname}`);
  });
  await logIn(page, reader);
  for (const title of titles) await expect(page.getByRole('article', { name: title })).toBeVisible();
  const busy = page.getByRole('article', { name: 'Feed card 1' });
  await expect(busy.getByText('Third, newest.')).toBeVisible();
  await expect(busy.getByText('Second.')).toBeVisible();
  await expect(busy.getByRole('button', { name: 'View all 3 comments' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual(['GET /api/posts/feed']);

  // Opened again in a new tab (nothing cached), the feed arrives drawn (issue 22, src/first-screen):
  // its first card and photo are in the HTML, and the app takes them over from the replies that
  // came with it, asking for neither the feed nor any comments again. The photo comes once.
  const visit = await browser.newContext({ ...RETURNING_BROWSER, baseURL, storageState: await page.context().storageState(), viewport: page.viewportSize(), isMobile, hasTouch: isMobile });
  await rememberDateFormat(visit, baseURL!);
  const tab = await visit.newPage();
  const photos: string[] = [];
  tab.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/media/posts/')) photos.push(url.pathname);
    if (url.pathname.startsWith('/api/posts/feed') || url.pathname.startsWith('/api/comments/')) reads.push(`${sent.method()} ${url.pathname}`);
  });
  reads.length = 0;
  const opened = await tab.goto('/feeds');
  const html = await opened!.text();
  // The first card in the HTML; the browser draws the others from the replies that came with it.
  expect(html).toContain('>Feed card 4</h2>');
  for (const title of titles.slice(0, 3)) expect(html).not.toContain(`>${title}</h2>`);
  for (const title of titles) await expect(tab.getByRole('article', { name: title })).toBeVisible();
  const firstPhoto = tab.getByRole('article', { name: 'Feed card 4' }).getByRole('img', { name: 'Feed card 4' });
  await expect(firstPhoto).toBeVisible();
  await expect.poll(() => firstPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const shown = new URL(await firstPhoto.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname;
  const stored = shown.replace(/-(thumb|card|full)\.webp$/, '-full.webp');
  expect(html).toMatch(new RegExp(`<img src="${stored}"[^>]*fetchPriority="high"`));
  await tab.waitForLoadState('networkidle');
  // The size shown comes once. Under the mobile project's emulation (375 px at DPR 1) Chromium's
  // preload scanner may first take another size from the srcset, before layout (seen: card, then
  // thumb, both from the HTML); at Lighthouse's 412 px at DPR 1.75 it takes the one shown.
  const ofThisPhoto = photos.filter((photo) => photo.startsWith(stored.replace(/-full\.webp$/, '')));
  expect(ofThisPhoto.filter((photo) => photo === shown)).toHaveLength(1);
  if (!isMobile) expect(ofThisPhoto).toEqual([shown]);
  expect(reads).toEqual([]);
  await visit.close();
});

test('Discover search shows users and posts, and clearing it brings back the trending grid', async ({ page, request, isMobile }) => {
  const author = await createAccount(request, newPerson('Tomas'));
  await logIn(page, author);
  await createPost(page, isMobile, author, `Porsche 964 restomod ${author.username}`, 'Backdated bumpers, modern brakes.');

  await navLink(page, isMobile, 'Discover').click();
  await expect(page.getByRole('list', { name: 'Trending posts' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(author.username);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`@${author.username}`) })).toBeVisible();
  const found = page.getByRole('list', { name: 'Posts found' }).getByRole('link');
  await expect(found).toHaveCount(1);

  await search.fill('no-such-driver-zzzz');
  await expect(page.getByText('No users found.')).toBeVisible();

  await search.fill('');
  await expect(page.getByRole('list', { name: 'Trending posts' })).toBeVisible();

  // A trending tile opens the post with its related posts below.
  await page.getByRole('list', { name: 'Trending posts' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/discover\/post\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Related posts' })).toBeVisible();
});

test('an author edits a post and comes back, then deletes it', async ({ page, request, isMobile }) => {
  const author = await createAccount(request, newPerson('Ruby'));
  await logIn(page, author);
  await createPost(page, isMobile, author, 'Miata on track', 'First time at the ring.');
  await page.getByRole('list', { name: `Posts by ${author.username}` }).getByRole('link').first().click();
  const postUrl = page.url();

  await page.getByRole('article', { name: 'Miata on track' }).getByRole('link', { name: 'Edit post' }).click();
  await expect(page).toHaveURL(/\/post\/[^/]+\/edit$/);
  await expect(page.getByLabel('Title')).toHaveValue('Miata on track');
  await page.getByLabel('Title').fill('Miata on track, lap two');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await page.getByRole('alertdialog', { name: 'Update Post' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(postUrl);
  const card = page.getByRole('article', { name: 'Miata on track, lap two' });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Delete post' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Post' });
  await expect(confirm).toContainText('Are you sure you want to permanently delete this post?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // `/`, which sends a signed-in person on to the feed.
  await expect(page).toHaveURL(/\/feeds$/);

  await page.goto(postUrl);
  await expect(page.getByRole('alert')).toHaveText('Post not found.');
});

test('Create Post opens as a modal over the page it was opened from, and Cancel goes back there', async ({ page, request, isMobile }) => {
  const person = await createAccount(request);
  await logIn(page, person);
  await navLink(page, isMobile, 'Discover').click();
  await expect(page.getByRole('heading', { name: 'Discover' })).toBeVisible();

  await navLink(page, isMobile, 'Create Post').click();
  await expect(page).toHaveURL(/\/create-post$/);
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog).toBeVisible();
  // The page it came from stays beneath.
  await expect(page.getByRole('heading', { name: 'Discover', includeHidden: true })).toBeAttached();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(dialog).toHaveCount(0);
});
