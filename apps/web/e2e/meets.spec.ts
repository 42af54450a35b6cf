import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiSession } from './as-person.ts';
import { expectNoAxeViolations as axe, withAxe } from './axe.ts';
import { pngImage } from './images.ts';
import { createAccount, logIn, logOut, newPerson, type Person } from './people.ts';

// Meets (issue 21.4), at both widths: a member creates a meet with a cover from the community
// page, another member answers going from /events, takes the .ics, the creator moves the start
// and the attendee is told, then the creator cancels it and the attendee is told again.

test.beforeEach(async ({ page }) => {
  await withAxe(page);
});

const cover = { name: 'meet-cover.png', mimeType: 'image/png', buffer: pngImage(480, 240, [20, 60, 140], [220, 120, 30]) };
// Reykjavik keeps GMT all year: the wall clock is the UTC time on any day the test runs.
const ZONE = 'Atlantic/Reykjavik';

/** A calendar day ten days after today (the server refuses a start in the past): `YYYY-MM-DD`. */
const inTenDays = () => new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function switchTo(page: Page, isMobile: boolean, person: Person) {
  await logOut(page, isMobile);
  await logIn(page, person);
}

test('a meet is created with a cover, answered, added to a calendar, moved and cancelled', async ({ page, request, playwright, isMobile }) => {
  // Three people's sessions, six pages with axe, an upload and a download.
  test.setTimeout(150_000);
  const creator = await createAccount(request, newPerson('Marta'));
  const attendee = await createAccount(request, newPerson('Ivo'));
  const asCreator = await apiSession(playwright, creator);
  const asAttendee = await apiSession(playwright, attendee);
  const communityId = await asCreator.createCommunity(`Meets ${creator.username}`, 'Sunday drives and coffee.');
  await asAttendee.joinCommunity(communityId);
  const title = `Breakfast run ${creator.username}`;
  const day = inTenDays();

  // The creator: the community page's "Meets", then the form.
  await logIn(page, creator);
  await page.goto(`/community/${communityId}`);
  const meets = page.getByRole('region', { name: 'Meets' });
  await expect(meets.getByText('No upcoming meets in this community.')).toBeVisible();
  await meets.getByRole('link', { name: 'Create meet' }).click();
  await expect(page).toHaveURL(new RegExp(`/community/${communityId}/meets/new$`));
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Description (optional)' }).fill(`Coffee first. Ask @${creator.username} for the route.`);
  await page.getByLabel('Starts').fill(`${day}T10:00`);
  await page.getByLabel('Ends').fill(`${day}T14:00`);
  await page.getByRole('combobox', { name: 'Time zone' }).selectOption(ZONE);
  await page.getByRole('textbox', { name: 'Address or place' }).fill('Harbour car park, Reykjavik');
  await page.getByRole('textbox', { name: 'Latitude (optional)' }).fill('64.1502');
  await page.getByRole('textbox', { name: 'Longitude (optional)' }).fill('-21.9476');
  await page.getByLabel('Choose photo').setInputFiles(cover);
  await page.getByLabel('Description of the cover (alt text)').fill('Cars lined up by the harbour at dawn.');
  await axe(page, 'create meet form');
  await page.getByRole('button', { name: 'Create meet' }).click();

  // Its page: the cover, the time in its zone, the creator going.
  await expect(page).toHaveURL(/\/meet\/[^/]+$/);
  const meetUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cars lined up by the harbour at dawn.' })).toBeVisible();
  await expect(page.getByText(/10:00\sAM–2:00\sPM GMT$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Going 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=64.1502&mlon=-21.9476#map=16/64.1502/-21.9476');
  await axe(page, 'meet page');

  // The attendee: the meet on /events, going, and the calendar file.
  await switchTo(page, isMobile, attendee);
  await page.goto('/events');
  const card = page.getByRole('list', { name: 'Upcoming meets' }).getByRole('article').filter({ hasText: title });
  await expect(card.getByText('1 going · 0 interested')).toBeVisible();
  await axe(page, 'events with a meet');
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${meetUrl}$`));
  await page.getByRole('button', { name: 'Going 1' }).click();
  await expect(page.getByRole('button', { name: 'Going 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: 'Going (2)' }).getByText(attendee.fullName)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`breakfast-run-${creator.username.replace(/_/g, '-')}.ics`);
  // Long lines are folded at 75 octets (RFC 5545 3.1): unfold before reading.
  const ics = (await readFile(await download.path(), 'utf8')).replace(/\r\n[ \t]/g, '');
  const compact = day.replace(/-/g, '');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toMatch(new RegExp(`SUMMARY:${title}`));
  expect(ics).toMatch(new RegExp(`DTSTART:${compact}T100000Z`));
  expect(ics).toMatch(new RegExp(`DTEND:${compact}T140000Z`));
  expect(ics).toContain('GEO:64.1502;-21.9476');
  expect(ics).toMatch(new RegExp(`^URL[^:\r\n]*:https?://[^\r\n]+${meetUrl}\r?$`, 'm'));

  // The creator moves the start an hour later: the attendee is told.
  await switchTo(page, isMobile, creator);
  await page.goto(meetUrl);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`${meetUrl}/edit$`));
  await expect(page.getByLabel('Starts')).toHaveValue(`${day}T10:00`);
  await page.getByLabel('Starts').fill(`${day}T11:00`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${meetUrl}$`));
  await expect(page.getByText(/11:00\sAM–2:00\sPM GMT$/)).toBeVisible();
  await expect.poll(async () => (await asAttendee.notifications()).map((n) => (n as { type: string }).type)).toContain('meet-changed');

  // Then cancels it, behind the confirmation: the badge, no more answers.
  await page.getByRole('button', { name: 'Cancel meet' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this meet?' });
  await confirm.getByRole('button', { name: 'Cancel meet' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your answer' })).toBeHidden();

  // The attendee's notifications say both, each linking to the meet; /events keeps it, cancelled.
  await switchTo(page, isMobile, attendee);
  await page.goto('/notifications');
  const changed = page.getByRole('link', { name: new RegExp(`${creator.fullName} changed the meet: ${title}`) });
  await expect(changed).toHaveAttribute('href', meetUrl);
  await expect(page.getByRole('link', { name: new RegExp(`${creator.fullName} cancelled the meet: ${title}`) })).toHaveAttribute('href', meetUrl);
  await axe(page, 'notifications with meets');
  await page.goto('/events');
  await expect(page.getByRole('list', { name: 'Upcoming meets' }).getByRole('article').filter({ hasText: title }).getByText('Cancelled')).toBeVisible();

  await asCreator.dispose();
  await asAttendee.dispose();
});
