import { expect, test } from './fixtures.ts';
import { anonymousRequest, apiSession } from './as-person.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { createAccount, logIn, newPerson, type Person } from './people.ts';
import { appTookOver } from './returning-browser.ts';

// An axe check on every page of spec §2 and the dialogs over them, at both sizes, as the person
// sees each one: signed out, a newcomer with nothing yet, and someone with posts, followers,
// comments, notifications and communities. Every violation of every page is reported, not just
// the first.

let newbie: Person;
let me: Person;
let other: Person;
let myPost: string;
let otherPost: string;
/** Oskar's communities: Ines is a member of the first, not of the second. */
let joined: string;
let notJoined: string;

test.beforeAll(async ({ playwright }) => {
  const request = await anonymousRequest(playwright);
  newbie = await createAccount(request, newPerson('Nell'));
  me = await createAccount(request, newPerson('Ines'));
  other = await createAccount(request, newPerson('Oskar'));
  await request.dispose();

  const asMe = await apiSession(playwright, me);
  const asOther = await apiSession(playwright, other);
  myPost = await asMe.createPost('Golf GTI Mk2 on the dyno', '139 hp at the wheels, which is more than the brochure said.');
  otherPost = await asOther.createPost('Lancia Delta Integrale at the coast', 'Evo II, Giallo Ginestra, and a very long drive home.');
  await asOther.createPost('Lancia Fulvia HF', 'Narrow-angle V4 and a lot of patience.');
  await asMe.toggleFollow(other.username);
  await asOther.toggleFollow(me.username);
  await asOther.toggleLike(myPost);
  await asOther.comment(myPost, 'Dyno day is the best day.');
  // Three comments: more than the preview shows, so "View all 3 comments" opens the modal.
  for (const text of ['The yellow suits it.', 'Which tyres?', 'Take it to the hills next time.']) await asMe.comment(otherPost, text);
  joined = await asOther.createCommunity(`Youngtimer Club ${other.username}`, 'Cars from the eighties and nineties, driven.');
  notJoined = await asOther.createCommunity(`Estate Car Owners ${other.username}`, 'Long roofs only.');
  await asMe.joinCommunity(joined);
  await asOther.createPost('Volvo 240 at the meet', 'A brick, lovingly.', joined);
  await asMe.dispose();
  await asOther.dispose();
});

test.beforeEach(async ({ page }) => {
  await withAxe(page);
});

test('signed-out pages: login, register, forgot password, not found', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await axe(page, '/login');

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await axe(page, '/register');

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await axe(page, '/forgot-password');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await axe(page, 'the not-found page');
});

test("a newcomer's pages: the empty feed, no notifications, an own profile without posts, events", async ({ page }) => {
  await logIn(page, newbie);
  await expect(page.getByText('Your feed is empty. Go to the Discover page to find users to follow!')).toBeVisible();
  await axe(page, '/feeds (empty)');

  await page.goto('/notifications');
  await expect(page.getByText('You have no notifications yet.')).toBeVisible();
  await axe(page, '/notifications (empty)');

  await page.goto(`/profile/${newbie.username}`);
  await expect(page.getByText("This user hasn't created any posts yet.")).toBeVisible();
  await axe(page, '/profile (own, no posts)');

  await page.goto('/events');
  await expect(page.getByText('No upcoming events.')).toBeVisible();
  await axe(page, '/events');
});

test('feeds, discover and posts full of content, and the dialogs over them', async ({ page }) => {
  // A dozen pages, each loaded and checked.
  test.setTimeout(60_000);
  await logIn(page, me);
  await expect(page.getByRole('article', { name: 'Lancia Delta Integrale at the coast' })).toBeVisible();
  await axe(page, '/feeds (with posts)');

  await page.goto('/discover');
  await expect(page.getByRole('list', { name: 'Trending posts' }).getByRole('link').first()).toBeVisible();
  await axe(page, '/discover (trending)');

  await page.getByRole('searchbox', { name: 'Search' }).fill(other.username);
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`@${other.username}`) })).toBeVisible();
  await axe(page, '/discover (search results)');

  await page.goto(`/discover/post/${otherPost}`);
  await expect(page.getByRole('heading', { name: 'Related posts' })).toBeVisible();
  await expect(page.getByRole('article').nth(1)).toBeVisible();
  await axe(page, '/discover/post/:id');

  await page.goto(`/post/${otherPost}`);
  const card = page.getByRole('article', { name: 'Lancia Delta Integrale at the coast' });
  await expect(card.getByText('Take it to the hills next time.')).toBeVisible();
  await axe(page, '/post/:id');

  await card.getByRole('button', { name: 'View all 3 comments' }).click();
  await expect(page.getByRole('dialog', { name: 'Comments' }).getByText('The yellow suits it.')).toBeVisible();
  await axe(page, 'the comments modal');

  await page.goto('/post/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText('Post not found.');
  await axe(page, '/post/:id (not found)');

  await page.goto(`/post/${myPost}/edit`);
  await expect(page.getByLabel('Title')).toHaveValue('Golf GTI Mk2 on the dyno');
  await axe(page, '/post/:id/edit');

  await page.goto('/create-post');
  await expect(page.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
  await axe(page, '/create-post');
});

test('profiles, notifications and communities full of content, and the dialogs over them', async ({ page, isMobile }) => {
  // A dozen pages, each loaded and checked.
  test.setTimeout(60_000);
  await logIn(page, me);
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: new RegExp(`${other.fullName} started following you\\.`) })).toBeVisible();
  await axe(page, '/notifications (with items)');

  await page.goto(`/profile/${me.username}`);
  const header = page.locator('[data-slot="profile-header"]');
  await expect(page.getByRole('list', { name: `Posts by ${me.username}` }).getByRole('link')).toHaveCount(1);
  await axe(page, '/profile (own)');

  await header.getByRole('button', { name: '1 followers' }).click();
  await expect(page.getByRole('dialog', { name: 'Followers' }).getByRole('link', { name: new RegExp(other.fullName) })).toBeVisible();
  await axe(page, 'the follow list');

  await page.goto(`/profile/${other.username}`);
  await expect(header.getByRole('button', { name: `Unfollow ${other.username}` })).toBeVisible();
  await expect(page.getByRole('list', { name: `Posts by ${other.username}` }).getByRole('link')).toHaveCount(3);
  await axe(page, '/profile (someone else)');

  await page.goto('/profile/nobody_here_at_all');
  await expect(page.getByText('User not found.')).toBeVisible();
  await axe(page, '/profile (not found)');

  await page.goto('/profile/edit');
  await expect(page.getByLabel('Full Name')).toHaveValue(me.fullName);
  await axe(page, '/profile/edit');

  await page.goto('/community');
  await expect(page.getByRole('region', { name: 'Your Communities' }).getByRole('link', { name: `Youngtimer Club ${other.username}` })).toBeVisible();
  await axe(page, '/community');

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create Community' })).toBeVisible();
  await axe(page, 'the Create Community dialog');

  await page.goto(`/community/${joined}`);
  await expect(page.getByRole('article', { name: 'Volvo 240 at the meet' })).toBeVisible();
  await axe(page, '/community/:id (member)');

  await page.goto(`/community/${notJoined}`);
  await expect(page.getByText('Join to see and create posts.')).toBeVisible();
  await axe(page, '/community/:id (not a member)');

  await page.goto('/community/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText('Community not found.');
  await axe(page, '/community/:id (not found)');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await axe(page, 'the not-found page (signed in)');

  await page.goto('/feeds');
  await appTookOver(page);
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'My Profile' })).toBeVisible();
    await axe(page, 'the mobile menu');
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
  }
  await expect(page.getByRole('alertdialog', { name: 'Confirm Logout' })).toBeVisible();
  await axe(page, 'the logout confirmation');
});

test('the creator of a community: its page and the Edit Community dialog', async ({ page }) => {
  await logIn(page, other);
  await page.goto(`/community/${joined}`);
  const header = page.locator('[data-slot="community-header"]');
  await expect(page.getByRole('article', { name: 'Volvo 240 at the meet' })).toBeVisible();
  await axe(page, '/community/:id (creator)');

  await header.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Community' });
  await expect(edit.getByRole('button', { name: `Remove ${me.username}` })).toBeVisible();
  await axe(page, 'the Edit Community dialog');
});
