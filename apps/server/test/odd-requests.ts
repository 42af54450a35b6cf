// The robustness tests' one probe: a call sent with odd query strings (a GET) or odd bodies (the
// others) must answer below 500, with a `{ message }` when it refuses. Each module's test brings
// its own odd values and the URLs it aims at.
import { expect } from 'vitest';
import type { Browser } from './browser.ts';

export interface OddBody {
  payload: string;
  type: string;
}

export async function expectNoServerError(
  browser: Browser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  odd: { queries: readonly string[]; bodies: readonly OddBody[] },
): Promise<void> {
  const variants = method === 'GET' ? odd.queries.map((q) => ({ url: url + q, body: null })) : odd.bodies.map((body) => ({ url, body }));
  for (const { url: target, body } of variants) {
    const response = await browser.request(method, target, body ? { payload: body.payload, headers: { 'content-type': body.type } } : {});
    expect(response.statusCode, `${method} ${target.slice(0, 80)} ${body?.payload.slice(0, 60) ?? ''}`).toBeLessThan(500);
    if (response.statusCode >= 400) expect(response.json()).toEqual({ message: expect.any(String) });
  }
}
