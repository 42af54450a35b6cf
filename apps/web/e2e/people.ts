import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { lastCodeFor } from './mail.ts';
import { appTookOver } from './returning-browser.ts';

export interface Person {
  fullName: string;
  username: string;
  email: string;
  password: string;
}

/** Someone new for this test only: unique username and e-mail, a strong password. */
export function newPerson(first = 'Alex'): Person {
  const tag = randomBytes(4).toString('hex');
  const username = `${first.toLowerCase()}_${tag}`;
  return { fullName: `${first} Driver`, username, email: `${username}@pitlane.test`, password: 'Pitlane@2026' };
}

/**
 * An account made through the public API with the mailed code, for tests whose subject is not
 * registration itself (the registration test goes through the form).
 */
export async function createAccount(request: APIRequestContext, person: Person = newPerson()): Promise<Person> {
  const sent = await request.post('/api/auth/send-otp', {
    data: { fullName: person.fullName, username: person.username, email: person.email, password: person.password },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await lastCodeFor(person.email);
  const verified = await request.post('/api/auth/verify-otp', { data: { email: person.email, otp } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return person;
}

/** Logs in through the login form and waits for the feed. */
export async function logIn(page: Page, person: Person): Promise<void> {
  // A fresh document: when a previous session just ended, the app may already be on /login with
  // "return to where you were" in its history state, and reloading /login would keep that state.
  await page.goto('about:blank');
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
}

/** A main navigation link: in the sidebar on desktop, in the bottom bar on mobile. */
export function navLink(page: Page, isMobile: boolean, desktopName: string, mobileName = desktopName) {
  return page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link', { name: isMobile ? mobileName : desktopName });
}

/** Logs out as a person does: Logout in the sidebar (in the menu sheet on a phone), then confirm. */
export async function logOut(page: Page, isMobile: boolean): Promise<void> {
  await appTookOver(page);
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
  }
  await page.getByRole('alertdialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
