// GET /api/user/me/export (`users.export`, issue 19): the signed-in person's data as a zip,
// streamed (archive.ts). Registered by hand rather than through contractRoute, whose handlers
// answer JSON checked against the contract: this one answers a file. Method, path and the
// session requirement are still the contract's; refusals are JSON `{ message }` like every other.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { ZipFile } from 'yazl';
import { DATA_EXPORT, dataExportFileName, REFUSAL_MESSAGES, routes } from '@pitlane/api/contract';
import { HttpError } from '../../plugins/errors.ts';
import { addressLimiter } from '../auth/rate-limits.ts';
import { requireSession } from '../auth/sessions.ts';
import { localPath } from '../contract-route.ts';
import { writeExport } from './archive.ts';

export const exportRoutes: FastifyPluginAsync = async (app) => {
  // One export per person a minute (by account, whatever the client), in Redis when the app has
  // it: an export reads every row and photo of the person, so a loop of them is a cheap way to
  // load the database and the store.
  const limiter = addressLimiter(app, 'data-export', { max: DATA_EXPORT.perWindow, windowMs: DATA_EXPORT.windowSeconds * 1000 });
  const definition = routes['users.export'];

  app.route({
    method: definition.method,
    url: localPath(definition.path),
    onRequest: [requireSession],
    handler: async (request, reply) => {
      const person = request.viewer!.user;
      await limiter.take(person.id).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 429 ? new HttpError(429, REFUSAL_MESSAGES.dataExportTooSoon) : error;
      });
      const now = app.now();
      const zip = new ZipFile();
      const output = zip.outputStream as Readable;
      // Headers are sent with the first bytes, so a failure later can only cut the download short:
      // the client then has no complete zip (its end record is missing), never a wrong one.
      // A client that goes away closes the reply, and with it the zip's stream: the writing stops.
      const gone = new AbortController();
      output.once('close', () => gone.abort());
      writeExport(zip, { db: app.db, store: app.media.store, person, now, signal: gone.signal }).catch((error: unknown) => {
        if (gone.signal.aborted) {
          request.log.info('data export: the client went away before the end');
          return;
        }
        request.log.error({ err: error }, 'data export failed after it started');
        output.destroy(error as Error);
      });
      return reply
        .header('content-type', definition.download.contentType)
        .header('content-disposition', `attachment; filename="${dataExportFileName(person.username, now)}"`)
        .header('cache-control', 'no-store')
        .send(output);
    },
  });
};
