import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freePort } from '../../../../scripts/free-port.ts';
import { useApp } from '../../test/harness.ts';
import { HttpError, UnavailableError } from './errors.ts';

/** Routes that fail in every way a real route can. */
const failingRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post(
    '/test/sign-up',
    { schema: { body: z.object({ email: z.email(), username: z.string().min(3) }) } },
    async () => ({ ok: true }),
  );
  api.post(
    '/test/worded',
    { schema: { body: z.object({ name: z.string().min(2, { error: 'Enter a name of at least 2 letters.' }), age: z.number() }) } },
    async () => ({ ok: true }),
  );
  api.get('/test/taken', async () => {
    throw new HttpError(409, 'This username is already taken.');
  });
  api.get('/test/forbidden', async () => {
    throw Object.assign(new Error('You cannot edit this post.'), { statusCode: 403 });
  });
  api.get('/test/crash', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 at /srv/pitlane/secret.ts:12');
  });
  api.get('/test/database-gone', async () => {
    // A real driver error: nothing listens on the port.
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/pitlane` });
    try {
      return await drizzleNodePostgres({ client: pool }).execute(sql`select 1`);
    } finally {
      await pool.end();
    }
  });
  api.get('/test/maintenance', async () => {
    throw new HttpError(503, 'Disk full on /var/lib/pitlane.');
  });
  api.get('/test/mail-down', async () => {
    // A socket error's code, as nodemailer's own carry (ETIMEDOUT for a silent server): the same
    // codes mean "database unavailable" when a driver throws them, but here the mail failed.
    const cause = Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:25'), { code: 'ECONNREFUSED' });
    throw new UnavailableError(503, 'We could not send the e-mail. Please try again.', { cause });
  });
  api.get('/test/store-full', async () => {
    throw new UnavailableError(507, 'There is no room to store photos right now.', { cause: new Error('ENOSPC /srv/media') });
  });
  api.get('/test/busy', async () => {
    throw new UnavailableError(503, 'Too busy right now. Please try again in a moment.', { retryAfterSeconds: 7, overload: true });
  });
  api.get('/test/throws-a-string', async () => {
    throw 'oops'; // on purpose: code that throws something other than an Error
  });
  api.get(
    '/test/bad-response',
    { schema: { response: { 200: z.object({ id: z.uuid() }) } } },
    async () => ({ id: 'not-a-uuid' }),
  );
};

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

// Error handling does not depend on the database engine: PGlite is enough.
describe('errors, as a caller sees them', () => {
  const t = useApp(
    { kind: 'pglite', name: 'PGlite' },
    { fresh: 'suite', extraApiRoutes: failingRoutes, logStream, env: { LOG_LEVEL: 'warn' } },
  );

  it('turns a validation failure into 400 with a message naming the fields', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/sign-up', payload: { email: 'nope', username: 'ab' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(/^Invalid body: email: .+; username: .+$/) });
  });

  it('answers a refusal the schema words as a sentence with that sentence alone', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/worded', payload: { name: 'x', age: 'old' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Enter a name of at least 2 letters.' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringContaining('JSON') });
  });

  it('keeps the status and message of an error thrown on purpose', async () => {
    const taken = await t.app.inject({ method: 'GET', url: '/api/test/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'This username is already taken.' });

    const forbidden = await t.app.inject({ method: 'GET', url: '/api/test/forbidden' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You cannot edit this post.' });
  });

  it('answers an unexpected error with 500 and a generic message, and logs the details', async () => {
    logLines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong.' });
    expect(response.body).not.toContain('ECONNREFUSED');

    const logged = logLines.map((line) => JSON.parse(line) as { level: number; err?: { message: string; stack: string } });
    const entry = logged.find((line) => line.err?.message.includes('ECONNREFUSED'));
    expect(entry?.level).toBe(50); // pino's "error"
    expect(entry?.err?.stack).toContain('errors.test.ts');
  });

  it('answers 503 with a message and Retry-After when the database is unavailable, logging one line without a stack', async () => {
    logLines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/database-gone' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: "Pitlane can't reach its database right now. Please try again in a moment." });

    const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; database?: string; err?: unknown });
    expect(logged).toEqual([expect.objectContaining({ level: 40, msg: 'database unavailable; answered 503', database: expect.stringMatching(/^ECONNREFUSED/) })]);
    expect(logged[0]?.err).toBeUndefined();
  });

  it('answers a refusal under load with 503, its message and Retry-After, logged as one warning', async () => {
    logLines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/busy' });
    expect([response.statusCode, response.headers['retry-after'], response.json()]).toEqual([503, '7', { message: 'Too busy right now. Please try again in a moment.' }]);
    const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown }).filter((line) => line.level >= 40);
    expect(logged).toEqual([expect.objectContaining({ level: 40, msg: 'refused under load: Too busy right now. Please try again in a moment.' })]);
    expect(logged[0]?.err).toBeUndefined();
  });

  it('keeps a deliberate 5xx status but never its message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/maintenance' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Something went wrong.' });
  });

  it.each([
    { url: '/api/test/mail-down', status: 503, message: 'We could not send the e-mail. Please try again.', cause: 'ECONNREFUSED 10.0.0.9:25' },
    { url: '/api/test/store-full', status: 507, message: 'There is no room to store photos right now.', cause: 'ENOSPC /srv/media' },
  ])('answers an UnavailableError with $status and its sentence, written for the user, and logs the cause', async ({ url, status, message, cause }) => {
    logLines.length = 0;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(response.body).not.toContain(cause);
    expect(logLines.join('')).toContain(cause);
  });

  it('answers 500 when something other than an Error is thrown', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/throws-a-string' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong.' });
  });

  it('never sends a response that breaks its schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong.' });
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/posts/123/nope'],
    ['DELETE', '/api'],
  ] as const)('answers %s %s (unknown) with 404 JSON', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('sends the security headers with API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
