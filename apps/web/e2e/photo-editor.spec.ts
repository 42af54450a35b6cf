import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createAccount, logIn, navLink, newPerson } from './people.ts';

// The photo privacy editor (issue 18): a blur area drawn in the browser is burned into the pixels
// the server stores. The photo is a checkerboard, sharp everywhere; after posting, the stored
// image's blurred region has lost its detail while the rest has kept it.

const DESCRIPTION = 'Black and white test pattern, the middle blurred.';
/** The new blur area's place (PhotoEditor's NEW_BLUR: x 35–65 %, y 44–56 %), with a margin. */
const INSIDE = { x: 0.4, y: 0.46, width: 0.2, height: 0.08 };
const OUTSIDE = { x: 0.05, y: 0.05, width: 0.25, height: 0.25 };

/** A 640 × 480 PNG of 20 px black and white squares, drawn by the browser. */
async function checkerboard(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#000';
    for (let y = 0; y < 480; y += 20) for (let x = (y / 20) % 2 ? 20 : 0; x < 640; x += 40) ctx.fillRect(x, y, 20, 20);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

type Region = typeof INSIDE;

/** The brightness variance of each region (in fractions of the picture) of the image at `url`, decoded by the browser. */
function variances(page: Page, url: string, regions: Region[]): Promise<number[]> {
  return page.evaluate(
    async ({ url, regions }) => {
      // Loaded as an <img> (the page's content policy lets images, not fetches, read blob: URLs).
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      return regions.map((r) => {
        const { data } = ctx.getImageData(Math.round(r.x * canvas.width), Math.round(r.y * canvas.height), Math.round(r.width * canvas.width), Math.round(r.height * canvas.height));
        const values: number[] = [];
        for (let i = 0; i < data.length; i += 4) values.push(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!);
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        return values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
      });
    },
    { url, regions },
  );
}

test('a blur drawn in the photo editor is burned into the photo the server stores (issue 18)', async ({ page, request, isMobile }) => {
  const person = await createAccount(request, newPerson('Pia'));
  await logIn(page, person);
  const photo = await checkerboard(page);

  await navLink(page, isMobile, 'Create Post').click();
  const form = page.getByRole('dialog', { name: 'Create Post' });
  await form.getByLabel('Title').fill('Plates blurred before posting');
  await form.getByLabel('Content').fill('The middle of this photo never left my phone.');
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Select Photos' }).click();
  await (await chooser).setFiles({ name: 'pattern.png', mimeType: 'image/png', buffer: photo });
  await form.getByRole('textbox', { name: 'Description of photo 1 (alt text)' }).fill(DESCRIPTION);

  // The editor: one blur area, added where it lands (the middle), then Apply.
  await form.getByRole('button', { name: 'Edit photo 1' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit photo 1' });
  await expect(editor.getByRole('img', { name: 'Photo 1, as it will be posted' })).toBeVisible();
  await editor.getByRole('button', { name: 'Add blur area' }).click();
  await expect(editor.getByRole('group', { name: 'Blur area 1' })).toBeFocused();
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(editor).toBeHidden();
  // The picker shows the edited photo, its description kept.
  await expect(form.getByRole('textbox', { name: 'Description of photo 1 (alt text)' })).toHaveValue(DESCRIPTION);
  const [before] = await variances(page, (await form.getByRole('img', { name: 'Image 1' }).getAttribute('src'))!, [INSIDE]);
  expect(before).toBeLessThan(100);

  await form.getByRole('button', { name: 'Create Post' }).click();
  await page.getByRole('alertdialog', { name: 'Create Post' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${person.username}$`));
  await page.getByRole('list', { name: `Posts by ${person.username}` }).getByRole('link').first().click();

  // The post shows the photo with its description as alt text.
  const card = page.getByRole('article', { name: 'Plates blurred before posting' });
  const stored = card.getByRole('img', { name: DESCRIPTION });
  await expect(stored).toBeVisible();
  await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The stored pixels: the original had the same detail everywhere (black and white squares);
  // the stored photo keeps it outside the blur area and has almost none left inside.
  const [originalInside = 0, originalOutside = 0] = await variances(page, `data:image/png;base64,${photo.toString('base64')}`, [INSIDE, OUTSIDE]);
  expect(originalInside).toBeGreaterThan(10_000);
  expect(originalOutside).toBeGreaterThan(10_000);
  const [inside, outside] = await variances(page, (await stored.getAttribute('src'))!, [INSIDE, OUTSIDE]);
  expect(outside).toBeGreaterThan(originalOutside * 0.8);
  expect(inside).toBeLessThan(originalInside / 100);
});
