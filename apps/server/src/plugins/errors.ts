// One error shape for the whole API: `{ message }`, the text spec §8 shows the user.
//
// - request validation (zod) → 400 with the contract's sentence when the schema words one,
//   otherwise a readable message naming the field;
// - an error that carries a 4xx statusCode (thrown on purpose, or Fastify's own, e.g. a
//   malformed JSON body) → that status and its message;
// - the database unavailable (db/errors.ts isDatabaseUnavailable: PostgreSQL stopped,
//   restarting, unreachable or refusing sessions) → 503 DATABASE_UNAVAILABLE_MESSAGE with
//   Retry-After, logged as one warning line without a stack (an outage fails every request);
// - anything else → logged with its stack, answered 500 "Something went wrong." (5xx codes
//   set on purpose, such as 503, are kept; the message never leaks), except an UnavailableError
//   (mail down 503, media store full 507): its message, written for the user, is sent.
// Unknown routes answer 404 `{ message: 'Not found.' }`, except page loads in production,
// which the web app answers (SPA fallback, web-app.ts).
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/errors.ts';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong.';
export const NOT_FOUND_MESSAGE = 'Not found.';
/** The answer while the database is unavailable: nothing is wrong with the request, so try again. */
export const DATABASE_UNAVAILABLE_MESSAGE = "Pitlane can't reach its database right now. Please try again in a moment.";
/**
 * Retry-After (seconds) of that answer: a PostgreSQL restart takes a few seconds, and the pool
 * reconnects on the next request after it.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Answers 503 "can't reach its database", logging `error` as one warning line. */
export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  request.log.warn({ database: describeDatabaseError(error) }, 'database unavailable; answered 503');
  return reply
    .code(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    .type('application/json; charset=utf-8')
    .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
}

/** An error a route throws to answer the caller with `status` and `message` (e.g. 404 'Post not found.'). */
export class HttpError extends Error {
  readonly statusCode: number;
  /** `options.cause`: what went wrong underneath (logged for 5xx, never sent). */
  constructor(statusCode: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

/**
 * A 5xx the user can do something about (try again later): 503 when the mail server is down or
 * too slow, 507 when the media store is full. Unlike any other 5xx, its message is sent. Write it for the user; put the details in `cause`.
 */
export class UnavailableError extends HttpError {
  /** Sent as Retry-After when the wait is known (a busy moment passes in seconds). */
  readonly retryAfterSeconds: number | undefined;
  /** A refusal the server chose under load, not a failure: a warning in the log, not an error. */
  readonly overload: boolean;
  constructor(statusCode: 503 | 507, message: string, options: ErrorOptions & { retryAfterSeconds?: number; overload?: boolean } = {}) {
    const { retryAfterSeconds, overload = false, ...errorOptions } = options;
    super(statusCode, message, errorOptions);
    this.name = 'UnavailableError';
    this.retryAfterSeconds = retryAfterSeconds;
    this.overload = overload;
  }
}

/** A whole sentence (the contract's refusals end with a full stop), shown to the user as it is. */
const SENTENCE = /[.!?]$/;

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The contract words its refusals as sentences for the user ("Enter a valid e-mail address.");
    // the first one answers alone. Zod's own terse messages get the field they are about.
    const sentence = error.validation.find((issue) => SENTENCE.test(issue.message ?? ''));
    if (sentence?.message) return sentence.message;
    const parts = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    const part = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' }[error.validationContext ?? 'body'];
    const where = `Invalid ${part ?? 'request'}`;
    return `${where}: ${parts.join('; ')}`;
  }
  return error.message;
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('application/json; charset=utf-8').send({ message: NOT_FOUND_MESSAGE });
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // Anything may be thrown; only objects carry a status or a validation result.
    const error = (typeof thrown === 'object' && thrown !== null ? thrown : new Error(String(thrown))) as FastifyError & {
      status?: unknown;
    };
    if (error.validation) {
      return reply.code(400).send({ message: validationMessage(error) });
    }
    const declared = typeof error.statusCode === 'number' ? error.statusCode : error.status;
    const status = typeof declared === 'number' && declared >= 400 && declared < 600 ? declared : 500;
    if (status < 500) {
      return reply.code(status).send({ message: error.message || `${STATUS_CODES[status] ?? 'Bad request'}.` });
    }
    // A named service first: its cause may carry a socket code (nodemailer's ETIMEDOUT) that,
    // looked at alone, would read as the database being gone.
    if (error instanceof UnavailableError) {
      if (error.overload) request.log.warn({ statusCode: status }, `refused under load: ${error.message}`);
      else request.log.error({ err: error }, 'a service the request needs is unavailable');
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(status).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ message: GENERIC_ERROR_MESSAGE });
  });
}

/**
 * What answers a request no route matched: `pages` (the web app, in production) for page
 * loads, 404 `{ message: 'Not found.' }` for everything else, /api above all.
 */
export function registerNotFound(
  app: FastifyInstance,
  pages: { isPageRequest(method: string, url: string): boolean; answer(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> } | null,
): void {
  app.setNotFoundHandler((request, reply) => {
    if (pages && pages.isPageRequest(request.method, request.url)) return pages.answer(request, reply);
    return sendNotFound(reply);
  });
}
