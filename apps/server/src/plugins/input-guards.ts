// Text the database cannot store or index, refused before any route sees it (400 `{ message }`
// rather than a database error and a 500):
// - the NUL character, which PostgreSQL text cannot hold;
// - strings over MAX_TEXT_LENGTH characters. No text of the API is that long (comments and
//   community descriptions stop at 300, reports and moderators' reasons at 500, photo
//   descriptions at 1,000: up to there a field's own message answers), and a unique index
//   (usernames, e-mail addresses) cannot take an entry of a few kilobytes.
// Applies to path parameters, the query string and JSON bodies; multipart text parts are
// checked with `hasUnstorableText` by the route that reads them.
import type { FastifyInstance } from 'fastify';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { HttpError } from './errors.ts';

export const MAX_TEXT_LENGTH = 1000;

/** True when `value` holds (at any depth) a string with NUL or over MAX_TEXT_LENGTH characters. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.length > MAX_TEXT_LENGTH || value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => hasUnstorableText(key, depth + 1) || hasUnstorableText(item, depth + 1));
}

export function registerInputGuards(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body)) {
      throw new HttpError(400, REFUSAL_MESSAGES.invalidRequest);
    }
  });
}
