import { expect, test } from './fixtures.ts';

test('the product serves its API and its web app from one origin', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pitlane' })).toBeVisible();
});

test('an unknown page shows the not-found page, an unknown API path answers JSON', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  const res = await request.get('/api/no-such-route');
  expect(res.status()).toBe(404);
  expect(await res.json()).toHaveProperty('message');
});
