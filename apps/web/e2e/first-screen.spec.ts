// A signed-in feed drawn on the server (issue 22, src/first-screen): readable before any script
// has run, and then the app's, working, with nothing moved.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiSession } from './as-person.ts';
import { createAccount, newPerson, type Person } from './people.ts';
import { appTookOver, rememberDateFormat, RETURNING_BROWSER } from './returning-browser.ts';

/** A reader following an author with one post; returns both and the post's title. */
async function readerWithAPost(request: Parameters<typeof createAccount>[0], playwright: Parameters<typeof apiSession>[0]) {
  const author = await createAccount(request, newPerson('Ines'));
  const reader = await createAccount(request, newPerson('Ravi'));
  const title = `Drawn before the scripts ${author.username}`;
  const writer = await apiSession(playwright, author);
  await writer.createPost(title, 'Fog on the ridge, #morningrun at 6.');
  await writer.dispose();
  const follower = await apiSession(playwright, reader);
  await follower.toggleFollow(author.username);
  await follower.dispose();
  return { author, reader, title };
}

/** A page in a browser of its own that has run the app before, signed in as `person` (the login call sets the cookie). */
async function signedInPage(browser: Browser, baseURL: string, person: Person, options: { javaScriptEnabled: boolean; isMobile: boolean }): Promise<Page> {
  const context = await browser.newContext({
    ...RETURNING_BROWSER,
    baseURL,
    javaScriptEnabled: options.javaScriptEnabled,
    viewport: options.isMobile ? { width: 412, height: 823 } : { width: 1280, height: 800 },
  });
  await rememberDateFormat(context, baseURL);
  const login = await context.request.post('/api/auth/login', { data: { email: person.email, password: person.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return context.newPage();
}

/** The page's console errors and warnings and its uncaught errors, as they come (a mismatch in the hydration is a warning). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Holds the app's entry back, as a slow connection would: the drawn page is there, the app is not,
 * until the returned function is called.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the drawn page holds presses (public/drawn-page.js has run: it comes async, often
 * while the page is still arriving). A press before then is lost, as on any page before its script.
 */
async function pressesHeld(page: Page): Promise<void> {
  await page.waitForFunction(() => 'pitlaneEarlyPresses' in window);
}

test('a signed-in feed can be read and left before any script has run', async ({ browser, baseURL, request, playwright, isMobile }) => {
  const { author, reader, title } = await readerWithAPost(request, playwright);
  const page = await signedInPage(browser, baseURL!, reader, { javaScriptEnabled: false, isMobile });

  await page.goto('/feeds');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Fog on the ridge')).toBeVisible();
  await expect(card.getByRole('link', { name: author.fullName })).toBeVisible();
  const photo = card.getByRole('img', { name: title });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // Its links are links: the author's page, as a plain page load.
  await card.getByRole('link', { name: author.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${author.username}$`));
  await page.context().close();
});

test('the app takes a drawn feed over where it stands: the same elements, nothing moved, nothing asked again, and it answers at once', async ({ browser, baseURL, request, playwright, isMobile }) => {
  const { reader, title } = await readerWithAPost(request, playwright);
  const page = await signedInPage(browser, baseURL!, reader, { javaScriptEnabled: true, isMobile });
  const problems = consoleProblems(page);
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/live' && !url.pathname.startsWith('/api/suggestions')) asked.push(url.pathname);
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, { shifts });
    // The drawn page's first card, and every time #root's children change (never: the app hydrates
    // the drawn page, it does not draw another).
    const changes: number[] = [];
    Object.assign(window, { changes });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      Object.assign(window, { drawnCard: root.querySelector('article') });
      new MutationObserver(() => changes.push(performance.now())).observe(root, { childList: true });
    });
  });

  await page.goto('/feeds');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The app has taken the drawn card over: React's own keys on that very element.
  const drawnCardHydrated = () =>
    page.evaluate(() => {
      const drawn = (window as unknown as { drawnCard: HTMLElement | null }).drawnCard;
      return drawn !== null && drawn.isConnected && Object.keys(drawn).some((key) => key.startsWith('__reactFiber'));
    });
  await expect.poll(drawnCardHydrated).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { changes: number[] }).changes)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0))).toBeLessThan(0.02);
  // The session, the feed, the badge and the communities came in the page: nothing asked again.
  expect(asked).toEqual([]);

  // The app has taken over: a like goes through at once.
  const like = card.getByRole('button', { name: /Likes$/ });
  await expect(like).toHaveText(/0 Likes/);
  await like.click();
  await expect(like).toHaveText(/1 Likes/);
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  expect(asked).toEqual([expect.stringMatching(/^\/api\/posts\/[^/]+\/like$/)]);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('what a person does on a drawn feed before the app has taken it over is not lost: a like counts, the menu opens, a comment typed is kept', async ({ browser, baseURL, request, playwright, isMobile }) => {
  const { reader, title } = await readerWithAPost(request, playwright);
  const page = await signedInPage(browser, baseURL!, reader, { javaScriptEnabled: true, isMobile });
  const problems = consoleProblems(page);
  const release = await holdTheApp(page);

  await page.goto('/feeds', { waitUntil: 'commit' });
  const card = page.getByRole('article', { name: title });
  const like = card.getByRole('button', { name: /Likes$/ });
  await expect(like).toHaveText(/0 Likes/);
  await pressesHeld(page);
  await like.click();
  const field = card.getByRole('textbox', { name: 'Add a comment' });
  await field.pressSequentially('Typed while the page was loading');
  // Nothing has happened yet: no app to like with.
  await expect(like).toHaveText(/0 Likes/);
  // And the card's menu, whose code comes after the app (its trigger opens on the pointer going down).
  await card.getByRole('button', { name: 'More actions', exact: true }).click();

  release();
  await appTookOver(page);
  await expect(like).toHaveText(/1 Likes/);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('menuitem', { name: 'Report post' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  // The text is the form's: kept, and sent with Post.
  await expect(field).toHaveValue('Typed while the page was loading');
  await card.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(card.getByText('Typed while the page was loading')).toBeVisible();
  await expect(field).toHaveValue('');
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a profile picture that failed to load before the app had the page gives way to the initials', async ({ browser, baseURL, request, playwright, isMobile }) => {
  const { author, reader, title } = await readerWithAPost(request, playwright);
  const writer = await apiSession(playwright, author);
  await writer.setProfilePicture();
  await writer.dispose();
  const page = await signedInPage(browser, baseURL!, reader, { javaScriptEnabled: true, isMobile });
  // The stored picture is gone (a deleted upload): every avatar's file answers 404.
  await page.route('**/media/avatars/**', (route) => route.fulfill({ status: 404, body: '' }));
  const release = await holdTheApp(page);

  await page.goto('/feeds', { waitUntil: 'commit' });
  const card = page.getByRole('article', { name: title });
  // Drawn with the picture, which fails while there is no app to notice.
  const picture = card.locator('[data-slot="avatar-image"]');
  await expect(picture).toHaveCount(1);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 0)).toBe(true);

  release();
  await appTookOver(page);
  await expect(picture).toHaveCount(0);
  await expect(card.locator('[data-slot="avatar-fallback"]')).toHaveText('ID');
  await page.context().close();
});

/** Holds every post photo back until the returned function is called; `answer` 404 fails them instead. */
async function holdThePhotos(page: Page, answer: 'hold' | 'fail'): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/media/posts/**', async (route) => {
    if (answer === 'fail') return route.fulfill({ status: 404, body: '' });
    await held;
    await route.continue();
  });
  return release;
}

test("the drawn feed's first photo comes before the app's code, which starts once it has been painted", async ({ browser, baseURL, request, playwright, isMobile }) => {
  const { reader, title } = await readerWithAPost(request, playwright);
  const page = await signedInPage(browser, baseURL!, reader, { javaScriptEnabled: true, isMobile });
  const problems = consoleProblems(page);
  const events: string[] = [];
  page.on('request', (sent) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(sent.url()).pathname)) events.push('app code asked');
  });
  page.on('requestfinished', (done) => {
    if (new URL(done.url()).pathname.startsWith('/media/posts/')) events.push('photo loaded');
  });
  const release = await holdThePhotos(page, 'hold');

  await page.goto('/feeds', { waitUntil: 'domcontentloaded' });
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  // drawn-page.js has run (it holds the presses) and keeps the app's code in the page, unasked.
  await pressesHeld(page);
  await expect(page.locator('template#app-code')).toHaveCount(1);
  expect(events).toEqual([]);

  release();
  await appTookOver(page);
  expect(events[0]).toBe('photo loaded');
  expect(events).toContain('app code asked');
  await expect(page.locator('template#app-code')).toHaveCount(0);
  const like = card.getByRole('button', { name: /Likes$/ });
  await like.click();
  await expect(like).toHaveText(/1 Likes/);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a first photo that fails does not keep the app away', async ({ browser, baseURL, request, playwright, isMobile }) => {
  const { reader, title } = await readerWithAPost(request, playwright);
  const page = await signedInPage(browser, baseURL!, reader, { javaScriptEnabled: true, isMobile });
  await holdThePhotos(page, 'fail');

  await page.goto('/feeds');
  await appTookOver(page);
  const like = page.getByRole('article', { name: title }).getByRole('button', { name: /Likes$/ });
  await like.click();
  await expect(like).toHaveText(/1 Likes/);
  await page.context().close();
});

test('the login page can be read before any script has run, and its form does not put the password in the address', async ({ browser, baseURL, request }) => {
  const person = await createAccount(request, newPerson('Noor'));
  const context = await browser.newContext({ ...RETURNING_BROWSER, baseURL, javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  // Sent by the browser itself: a POST, nothing of it in an address.
  const sent = page.waitForRequest((request) => request.method() === 'POST');
  await page.getByRole('button', { name: 'Login' }).click();
  expect(new URL((await sent).url()).search).toBe('');
  expect(page.url()).not.toContain(encodeURIComponent(person.password));
  await context.close();
});

test('what is typed into the drawn login page before the app has taken it over is kept, and Login signs in', async ({ browser, baseURL, request, isMobile }) => {
  const person = await createAccount(request, newPerson('Oskar'));
  const context = await browser.newContext({ ...RETURNING_BROWSER, baseURL, viewport: isMobile ? { width: 412, height: 823 } : { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = consoleProblems(page);
  const release = await holdTheApp(page);

  await page.goto('/login', { waitUntil: 'commit' });
  await pressesHeld(page);
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // No app yet: still here, the fields as typed.
  await expect(page).toHaveURL(/\/login$/);

  release();
  await appTookOver(page);
  await expect(page).toHaveURL(/\/feeds$/);
  // Signed out's 401 from the session check is the spec's (BENCHMARKS.md), not a problem of the page.
  expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  await context.close();
});
