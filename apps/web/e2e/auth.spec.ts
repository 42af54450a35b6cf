import { expect, test } from './fixtures.ts';
import { lastCodeFor, mailCount, newCodeFor } from './mail.ts';
import { createAccount, logIn, navLink, newPerson } from './people.ts';

test('a newcomer registers with the e-mailed code, logs in and finds an empty feed', async ({ page }) => {
  const person = newPerson('Nina');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();

  await page.getByLabel('Full Name').fill(person.fullName);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByLabel('Password').blur();
  // The availability checks answer inline; Continue waits for all four to hold.
  await expect(page.getByText('Available')).toBeVisible();
  await expect(page.getByText('Strong')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(`An OTP has been sent to ${person.email}`)).toBeVisible();
  await page.getByLabel('Verification Code').fill(await lastCodeFor(person.email));
  await page.getByRole('button', { name: 'Verify & Register' }).click();

  // The server's message in green, then the login page after 2 s.
  await expect(page.getByText('Registration successful! You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByText('Your feed is empty. Go to the Discover page to find users to follow!')).toBeVisible();
});

test('a wrong password is refused in red, and the form stays', async ({ page, request }) => {
  const person = await createAccount(request);
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong@Password1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected page sends a signed-out visitor to the login page, and back there after logging in', async ({ page, request }) => {
  const person = await createAccount(request);
  await page.goto('/discover');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(page.getByRole('heading', { name: 'Discover' })).toBeVisible();
});

test('logging out asks first, then lands on / and so on the login page', async ({ page, request, isMobile }) => {
  const person = await createAccount(request);
  await logIn(page, person);

  if (isMobile) {
    // On a phone Logout lives in the menu sheet.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
  }
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Logout' });
  await expect(confirm).toContainText('Are you sure you want to log out?');
  await confirm.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  // The session is really gone: a protected page sends us back.
  await page.goto('/feeds');
  await expect(page).toHaveURL(/\/login$/);
});

test('a forgotten password is reset with the e-mailed code, and the new one logs in', async ({ page, request }) => {
  const person = await createAccount(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The login page stays up while the next page's code loads: its "Email Address" is not this one.
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

  const seen = await mailCount(person.email);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText(`An OTP has been sent to ${person.email}.`)).toBeVisible();

  const newPassword = 'Fresh!Tyres2027';
  await page.getByLabel('Verification Code').fill(await newCodeFor(person.email, seen));
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();
  // `/` after 2 s, which sends a signed-out visitor on to the login page.
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
});

test('a session that ends elsewhere: the login page says so, and only the same person is taken back', async ({ page, request, baseURL, isMobile }) => {
  const first = await createAccount(request, newPerson('Ada'));
  const second = await createAccount(request, newPerson('Bo'));
  /**
   * The feed, loaded with everything around it (on desktop the suggestions column), so that no
   * call of the app is still under way: the next one is the next page's.
   */
  // The suggestions column loads after the page (on desktop: a phone has no column and makes no
  // call): counted, so the session never ends while that call is under way (its 401 would take the
  // app to the login page before the click the test means to make).
  let suggestionsAnswered = 0;
  let feedsLoaded = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/suggestions') suggestionsAnswered++;
  });
  const onLoadedFeed = async () => {
    feedsLoaded++;
    await expect(page).toHaveURL(/\/feeds$/);
    await expect(page.getByText('Your feed is empty. Go to the Discover page to find users to follow!')).toBeVisible();
    if (!isMobile) {
      await expect.poll(() => suggestionsAnswered).toBeGreaterThanOrEqual(feedsLoaded);
      const whoToFollow = page.getByRole('region', { name: 'Who to Follow' });
      await expect(whoToFollow.getByRole('link').first().or(whoToFollow.getByText('No new users to suggest.'))).toBeVisible();
    }
  };
  /** Ends the browser's session on the server, as logging out on another tab would. */
  const endSessionElsewhere = async () => {
    const res = await page.request.post('/api/auth/logout', { headers: { Origin: baseURL! } });
    expect(res.ok()).toBe(true);
  };
  const logInHere = async (person: typeof first) => {
    await page.getByLabel('Email Address').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
  };

  // The first person's session ends while they browse: going to Discover, its call is refused.
  await logIn(page, first);
  await onLoadedFeed();
  await endSessionElsewhere();
  await navLink(page, isMobile, 'Discover').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Please log in again.');

  // Someone else logs in on this screen: their own feed, not the first person's Discover.
  await logInHere(second);
  await onLoadedFeed();

  // Their own session ends too, on their way to Discover: logging back in takes them there.
  await endSessionElsewhere();
  await navLink(page, isMobile, 'Discover').click();
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Please log in again.');
  await logInHere(second);
  await expect(page).toHaveURL(/\/discover$/);
});
