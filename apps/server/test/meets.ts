// Helpers for the meets tests (modules/meets): a meet's form as the web app sends it (multipart,
// times as wall clocks in the meet's zone, a cover in `coverImage`), placed relative to the app's
// clock so no test depends on the real date.
import type { LightMyRequestResponse } from 'fastify';
import { meetWallClock, type Meet } from '@pitlane/api/contract';
import type { Browser } from './browser.ts';
import { form, type ImageFile } from './posts.ts';

const HOUR_MS = 3_600_000;

/** The wall clock `hours` after `now` in `timeZone` (`YYYY-MM-DDTHH:mm`, minutes kept). */
export const wallClockAfter = (now: Date, hours: number, timeZone = 'UTC'): string => meetWallClock(new Date(now.getTime() + hours * HOUR_MS), timeZone);

/**
 * A meet's text parts: "Breakfast run" at Box Hill, starting three days after `now` for three
 * hours, in UTC, unless `fields` say otherwise.
 */
export function meetForm(now: Date, fields: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'Breakfast run',
    description: 'Coffee and #aircooled cars. Bring a friend.',
    startsAt: wallClockAfter(now, 72),
    endsAt: wallClockAfter(now, 75),
    timeZone: 'UTC',
    address: 'Box Hill, Surrey',
    ...fields,
  };
}

/** POST /api/communities/:id/meets with these text parts and an optional cover. */
export async function createMeet(b: Browser, communityId: string, fields: Record<string, string>, cover?: ImageFile): Promise<LightMyRequestResponse> {
  return b.request('POST', `/api/communities/${communityId}/meets`, await form(fields, cover ? [cover] : [], 'coverImage'));
}

/** Creates a meet and returns it (fails on a refusal). */
export async function newMeet(b: Browser, communityId: string, fields: Record<string, string>, cover?: ImageFile): Promise<Meet> {
  const response = await createMeet(b, communityId, fields, cover);
  if (response.statusCode !== 201) throw new Error(`meets.create answered ${response.statusCode}: ${response.body}`);
  return response.json<Meet>();
}

/** PUT /api/meets/:id with these text parts and an optional cover. */
export async function updateMeet(b: Browser, meetId: string, fields: Record<string, string>, cover?: ImageFile): Promise<LightMyRequestResponse> {
  return b.request('PUT', `/api/meets/${meetId}`, await form(fields, cover ? [cover] : [], 'coverImage'));
}

/** PUT /api/meets/:id/rsvp. */
export function rsvp(b: Browser, meetId: string, answer: 'going' | 'interested' | null): Promise<LightMyRequestResponse> {
  return b.request('PUT', `/api/meets/${meetId}/rsvp`, { payload: { rsvp: answer } });
}
