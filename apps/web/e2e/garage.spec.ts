import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { pngImage } from './images.ts';
import { createAccount, logIn, navLink, newPerson } from './people.ts';

// The garage (issue 17): a car added from the make and model list with a cover, a build-log
// entry, a post tagged to the car, and the car's page reading both, at both widths.

test.beforeEach(async ({ page }) => {
  await withAxe(page);
});

const LABEL = '1991 Porsche 911 Carrera 2';
const cover = { name: '964-cover.png', mimeType: 'image/png', buffer: pngImage(480, 320, [200, 16, 46], [30, 30, 36]) };
const photo = { name: '964-side.png', mimeType: 'image/png', buffer: pngImage(320, 240, [200, 16, 46], [240, 240, 240]) };

/** Types into a picker and takes the list's option of that name. */
async function pick(dialog: Locator, field: 'Make' | 'Model', typed: string, option: string) {
  const box = dialog.getByRole('combobox', { name: field });
  await box.fill(typed);
  await dialog.getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

async function addCar(page: Page) {
  const garage = page.getByRole('region', { name: 'Garage' });
  await expect(garage.getByText('Your garage is empty.')).toBeVisible();
  await garage.getByRole('button', { name: 'Add your first car' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a car' });
  await pick(dialog, 'Make', 'porsc', 'Porsche');
  await pick(dialog, 'Model', '911', '911');
  await dialog.getByRole('textbox', { name: 'Year' }).fill('1991');
  await dialog.getByRole('textbox', { name: 'Trim or nickname' }).fill('Carrera 2');
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('Guards Red');
  await dialog.getByLabel('Choose photo').setInputFiles(cover);
  await dialog.getByLabel('Description of the cover (alt text)').fill('A red 911 parked by a wall.');
  await dialog.getByRole('button', { name: 'Add car' }).click();
  await expect(dialog).toBeHidden();
  return garage.getByRole('link', { name: new RegExp(LABEL) });
}

test('a car from the list, a build-log entry and a tagged post meet on the car page', async ({ page, request, isMobile }) => {
  // An account, a login, four pages with axe and two uploads: longer than one page's test.
  test.setTimeout(90_000);
  const person = await createAccount(request, newPerson('Tomas'));
  // Other tests' people may post the same: this person's post is told apart by its title.
  const title = `Cup wheels are back on, says @${person.username}`;
  await logIn(page, person);

  // The profile's garage: empty, then the car from the list.
  await page.goto(`/profile/${person.username}`);
  const card = await addCar(page);
  await expect(card).toBeVisible();
  await axe(page, 'profile with a garage');

  // Its page: the specs, the owner and an empty build log; then a log entry with a photo.
  await card.click();
  await expect(page).toHaveURL(/\/car\/[^/]+$/);
  const carUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: LABEL })).toBeVisible();
  await expect(page.getByText('No build log yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add log entry' }).click();
  const entry = page.getByRole('dialog', { name: 'Add log entry' });
  // A date long past whatever the clock says: the test does not depend on today.
  await entry.getByLabel('Date').fill('2019-05-04');
  await entry.getByLabel('Title').fill('Fresh oil and filter');
  await entry.getByLabel('What was done').fill('Warm engine, drained, new filter, 5W-40.');
  await entry.getByLabel('Mileage (optional)').fill('81250');
  await entry.getByLabel('Cost (optional)').fill('120.50');
  const chooser = page.waitForEvent('filechooser');
  await entry.getByRole('button', { name: 'Select Photos' }).click();
  await (await chooser).setFiles([photo]);
  await entry.getByRole('button', { name: 'Add entry' }).click();
  await expect(entry).toBeHidden();
  const log = page.getByRole('feed', { name: 'Build log' }).or(page.getByRole('list', { name: 'Build log' }));
  const logged = log.getByRole('article', { name: 'Fresh oil and filter' });
  await expect(logged).toBeVisible();
  await expect(logged.getByText('81,250 km')).toBeVisible();
  await axe(page, 'car page');

  // A post tagged to the car from Create Post's "Car:".
  await navLink(page, isMobile, 'Create Post').click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill('Refurbished over the winter, on for the first drive of spring.');
  await dialog.getByLabel('Car:').selectOption({ label: LABEL });
  const photos = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Select Photos' }).click();
  await (await photos).setFiles([photo]);
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await page.getByRole('alertdialog', { name: 'Create Post' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${person.username}$`));

  // The car page's build log has both, newest first: the post (today) above the 2019 entry.
  await page.goto(carUrl);
  const post = log.getByRole('article', { name: title });
  await expect(post).toBeVisible();
  await expect(log.getByRole('article')).toHaveCount(2);
  await expect(log.getByRole('article').first()).toHaveAccessibleName(title);
  await expect(page.getByText("That's the whole story so far.")).toBeVisible();

  // The post card's chip names the car and leads back to its page; the make leads to the model's page.
  await expect(post.getByRole('link', { name: LABEL })).toHaveAttribute('href', new URL(carUrl).pathname);
  await page.getByRole('link', { name: /Every Porsche 911/ }).click();
  await expect(page).toHaveURL(/\/cars\/Porsche\/911$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Porsche 911' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cars: Porsche 911' }).locator(`a[href="${new URL(carUrl).pathname}"]`)).toHaveText(LABEL);
  await expect(page.getByRole('list', { name: 'Posts about the Porsche 911' }).getByRole('article', { name: title })).toBeVisible();
  await axe(page, 'model page');

  // Search finds the car, and the post by its car's make and model (neither word is in the post).
  await navLink(page, isMobile, 'Discover').click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Porsche 911');
  // Other tests' people may own the same car: this person's is the one linking to its page.
  await expect(page.getByRole('list', { name: 'Cars found' }).locator(`a[href="${new URL(carUrl).pathname}"]`)).toHaveText(LABEL);
  await expect(page.getByRole('list', { name: 'Posts found' }).getByRole('link', { name: new RegExp(title) })).toBeVisible();
});
