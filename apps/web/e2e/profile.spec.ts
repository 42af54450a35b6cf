import { expect, test } from './fixtures.ts';
import { anonymousRequest, apiSession } from './as-person.ts';
import { lastCodeFor } from './mail.ts';
import { createAccount, logIn, newPerson, type Person } from './people.ts';

// Three people for the whole file (the server limits how many codes one address may ask for):
// Ana looks at profiles, Ben is looked at, Cara follows Ana, then edits and deletes her account.
test.describe.configure({ mode: 'serial' });

let ana: Person;
let ben: Person;
let cara: Person;

test.beforeAll(async ({ playwright }) => {
  const request = await anonymousRequest(playwright);
  ana = await createAccount(request, newPerson('Ana'));
  ben = await createAccount(request, newPerson('Ben'));
  cara = await createAccount(request, newPerson('Cara'));
  await request.dispose();
});

test("someone else's profile: follow and unfollow, with the counts following along", async ({ page, playwright }, testInfo) => {
  await logIn(page, ana);
  await page.goto(`/profile/${ben.username}`);
  const header = page.locator('[data-slot="profile-header"]');
  await expect(header.getByRole('heading', { level: 1, name: ben.fullName })).toBeVisible();
  await expect(header).toContainText(`@${ben.username}`);
  await expect(header).toContainText('0 posts');
  await expect(header).toContainText('0 followers');
  // Only one's own counts open the lists; here they are plain text.
  await expect(header.getByRole('button', { name: /followers/ })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  await expect(page.getByText("This user hasn't created any posts yet.")).toBeVisible();

  await header.getByRole('button', { name: `Follow ${ben.username}` }).click();
  await expect(header.getByRole('button', { name: `Unfollow ${ben.username}` })).toBeVisible();
  await expect(header).toContainText('1 followers');
  await page.screenshot({ path: testInfo.outputPath('profile-other.png'), fullPage: true });

  // Ben sees it from his side: Ana follows him, so his button to her reads "Follow Back".
  const asBen = await apiSession(playwright, ben);
  const benProfile = await asBen.request.get(`/api/user/${ben.username}`);
  expect(((await benProfile.json()) as { followers: string[] }).followers).toEqual([await asBen.idOf(ana.username)]);
  await asBen.dispose();

  await header.getByRole('button', { name: `Unfollow ${ben.username}` }).click();
  await expect(header.getByRole('button', { name: `Follow ${ben.username}` })).toBeVisible();
  await expect(header).toContainText('0 followers');

  await page.goto('/profile/nobody_here_at_all');
  await expect(page.getByText('User not found.')).toBeVisible();
});

test('own profile: the follow lists open from the counts, and a follower can be removed', async ({ page, playwright }, testInfo) => {
  const asCara = await apiSession(playwright, cara);
  await asCara.toggleFollow(ana.username);
  await asCara.dispose();

  await logIn(page, ana);
  await page.goto(`/profile/${ana.username}`);
  const header = page.locator('[data-slot="profile-header"]');
  await expect(header.getByRole('heading', { level: 1, name: ana.fullName })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
  await expect(header.getByRole('button', { name: /Follow/ })).toHaveCount(0);

  await header.getByRole('button', { name: '1 followers' }).click();
  const followers = page.getByRole('dialog', { name: 'Followers' });
  await expect(followers.getByRole('link', { name: new RegExp(cara.fullName) })).toHaveAttribute('href', `/profile/${cara.username}`);
  await expect(followers.getByRole('button', { name: `Follow Back ${cara.username}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('follow-list.png') });

  // Following back turns "Follow Back" off (already following), and the following count grows.
  await followers.getByRole('button', { name: `Follow Back ${cara.username}` }).click();
  await expect(followers.getByRole('button', { name: `Follow Back ${cara.username}` })).toHaveCount(0);
  await followers.getByRole('button', { name: `Remove ${cara.username}` }).click();
  await expect(followers.getByText('No users to show.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(followers).toBeHidden();
  await expect(header.getByRole('button', { name: '0 followers' })).toBeVisible();
  await expect(header.getByRole('button', { name: '1 following' })).toBeVisible();

  await header.getByRole('button', { name: '1 following' }).click();
  const following = page.getByRole('dialog', { name: 'Following' });
  await following.getByRole('button', { name: `Unfollow ${cara.username}` }).click();
  // The row stays, now offering "Follow", so a mis-tap can be undone.
  await expect(following.getByRole('button', { name: `Follow ${cara.username}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: '0 following' })).toBeVisible();

  // Cara no longer follows Ana: the server agrees.
  const asAna = await apiSession(playwright, ana);
  const followersNow = await asAna.request.get(`/api/user/${await asAna.idOf(ana.username)}/followers`);
  expect(await followersNow.json()).toEqual([]);
  await asAna.dispose();
});

test('edit profile: name, username and password change, then the new profile opens', async ({ page, playwright }, testInfo) => {
  await logIn(page, cara);
  await page.goto('/profile/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(cara.email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByLabel('Full Name')).toHaveValue(cara.fullName);
  await page.screenshot({ path: testInfo.outputPath('edit-profile.png'), fullPage: true });

  // Someone else's username is taken; one's own needs no check.
  const username = page.getByLabel('Username');
  await username.fill(ben.username);
  await username.blur();
  await expect(page.getByText('Taken')).toBeVisible();

  const renamed = { ...cara, fullName: 'Cara Lindqvist', username: `${cara.username}_gt`, password: 'Flat-Six#911!' };
  await username.fill(renamed.username);
  await username.blur();
  await expect(page.getByText('Available')).toBeVisible();
  await page.getByLabel('Full Name').fill(renamed.fullName);
  await page.getByLabel('New Password').fill('short');
  await expect(page.getByText('Weak')).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Please fix the errors before proceeding.')).toBeVisible();
  await page.getByLabel('New Password').fill(renamed.password);
  await expect(page.getByText('Strong')).toBeVisible();

  await page.getByRole('button', { name: 'Update Profile' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Changes' });
  await expect(confirm).toContainText('Are you sure you want to update your profile?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${renamed.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: renamed.fullName })).toBeVisible();

  // The new password is the one that works now.
  const asRenamed = await apiSession(playwright, renamed);
  await asRenamed.dispose();
  cara = renamed;
});

test('delete account: confirmation, the e-mailed code, then signed out and gone', async ({ page, playwright }, testInfo) => {
  await logIn(page, cara);
  await page.goto('/profile/edit');
  await expect(page.getByText('This action is irreversible.')).toBeVisible();
  const registrationCode = await lastCodeFor(cara.email);

  await page.getByRole('button', { name: 'Delete My Account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Account' });
  await expect(confirm).toContainText('This is permanent. Are you sure you want to request a deletion OTP?');
  await confirm.getByRole('button', { name: 'Yes, Send OTP' }).click();
  const codeField = page.getByLabel('Enter OTP sent to your email to confirm deletion.');
  await expect(codeField).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('delete-account-otp.png'), fullPage: true });

  // The newest mail to the address is the deletion code (not the registration code before it).
  let code = registrationCode;
  await expect.poll(async () => (code = await lastCodeFor(cara.email))).not.toBe(registrationCode);

  await codeField.fill('000000' === code ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm & Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The verification code is invalid or has expired.' })).toBeVisible();

  const alerted = page.waitForEvent('dialog').then(async (dialog) => {
    const message = dialog.message();
    await dialog.accept();
    return message;
  });
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm & Delete' }).click();
  expect(await alerted).toBe('Your account has been successfully deleted.');
  await expect(page).toHaveURL(/\/login$/);

  // Gone: the profile is not found, and the password no longer logs in.
  const request = await anonymousRequest(playwright);
  const login = await request.post('/api/auth/login', { data: { email: cara.email, password: cara.password } });
  expect(login.status()).toBe(401);
  await request.dispose();
  const asAna = await apiSession(playwright, ana);
  expect((await asAna.request.get(`/api/user/${cara.username}`)).status()).toBe(404);
  await asAna.dispose();
});
