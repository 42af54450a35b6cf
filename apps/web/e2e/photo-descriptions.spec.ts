import { expect, test } from './fixtures.ts';
import { pngImage } from './images.ts';
import { createAccount, logIn, navLink, newPerson } from './people.ts';

/** Two real photos, made in the test. */
const photos = [
  { name: 'gt4-front.png', mimeType: 'image/png', buffer: pngImage(320, 240, [243, 198, 35], [20, 20, 28]) },
  { name: 'gt4-rear.png', mimeType: 'image/png', buffer: pngImage(320, 240, [40, 90, 160], [240, 240, 240]) },
];
const DESCRIPTION = 'Yellow Cayman GT4 in the pit lane, front three-quarter, rear wing up.';

test('a photo posted with a description shows it as its alt text and under an ALT badge (issue 18)', async ({ page, request, isMobile }) => {
  const person = await createAccount(request, newPerson('Ines'));
  await logIn(page, person);

  await navLink(page, isMobile, 'Create Post').click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByLabel('Title').fill('GT4 at the club day');
  await dialog.getByLabel('Content').fill('First time on track with the new pads.');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Select Photos' }).click();
  await (await chooser).setFiles(photos);
  await dialog.getByRole('textbox', { name: 'Description of photo 1 (alt text)' }).fill(DESCRIPTION);
  // Photo 2 stays undescribed: a gentle note beside it, and posting still works.
  const second = dialog.getByRole('textbox', { name: 'Description of photo 2 (alt text)' });
  await expect(second).toHaveAccessibleDescription(/can't be enjoyed by people using screen readers/);
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await page.getByRole('alertdialog', { name: 'Create Post' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${person.username}$`));

  await page.getByRole('list', { name: `Posts by ${person.username}` }).getByRole('link').first().click();
  const card = page.getByRole('article', { name: 'GT4 at the club day' });
  // The stored description is the photo's alt text, read back from the server.
  const photo = card.getByRole('img', { name: DESCRIPTION });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const badge = card.getByRole('button', { name: 'ALT: photo description' });
  await badge.click();
  await expect(card.getByText(DESCRIPTION, { exact: true })).toBeVisible();

  // The second photo has no description: no badge, the card's own alt text.
  await card.getByRole('button', { name: 'Image 2 of 2' }).click();
  await expect(card.getByRole('img', { name: 'GT4 at the club day, image 2 of 2' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'ALT: photo description' })).toHaveCount(0);
});
