// Helpers for the reports and moderation tests (modules/moderation): the calls as the web app
// sends them, and an operator made as `npm run admin -- grant-operator` makes one.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ModerationLog, ModerationQueue, ReportInput } from '@pitlane/api/contract';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import type { Browser } from './browser.ts';

type Who = { browser: Browser };

export const report = (who: Who, input: Partial<ReportInput> & Pick<ReportInput, 'kind' | 'targetId'>): Promise<LightMyRequestResponse> =>
  who.browser.post('/api/reports', { reason: 'spam', ...input });

export const communityQueue = (who: Who, communityId: string, page = 1) => who.browser.get(`/api/communities/${communityId}/reports?page=${page}`);
export const siteQueue = (who: Who, page = 1) => who.browser.get(`/api/moderation/reports?page=${page}`);
export const dismiss = (who: Who, kind: string, targetId: string) => who.browser.post(`/api/moderation/${kind}/${targetId}/dismiss`, {});
export const remove = (who: Who, kind: string, targetId: string, reason = 'Not a car.') =>
  who.browser.post(`/api/moderation/${kind}/${targetId}/remove`, { reason });
export const suspend = (who: Who, userId: string, reason = 'Spam, again and again.') =>
  who.browser.request('PUT', `/api/moderation/suspensions/${userId}`, { payload: { reason } });
export const unsuspend = (who: Who, userId: string) => who.browser.request('DELETE', `/api/moderation/suspensions/${userId}`);
export const moderationLog = (who: Who, page = 1) => who.browser.get(`/api/moderation/log?page=${page}`);

/** The answer's JSON, failing the test on anything but `status`. */
export async function ok<T>(answer: Promise<LightMyRequestResponse> | LightMyRequestResponse, status = 200): Promise<T> {
  const response = await answer;
  if (response.statusCode !== status) throw new Error(`answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

export const queueOf = (answer: Promise<LightMyRequestResponse>) => ok<ModerationQueue>(answer);
export const logOf = (answer: Promise<LightMyRequestResponse>) => ok<ModerationLog>(answer);

/** Makes `who` an operator, as the admin command does (there is no call for it). */
export async function makeOperator(db: Db, who: { id: string }, operator = true): Promise<void> {
  await db.update(users).set({ operator }).where(eq(users.id, who.id));
}
