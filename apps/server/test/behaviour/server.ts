/// <reference lib="dom" />
// (The typed client imported below is browser code: it names DOM types such as XMLHttpRequest.)
// The contract's behaviour suite against the real server: a listening app on a fresh, empty
// database for every test, e-mail through a real SMTP sink, real cookies (withCookieJar).
// Each test file of this folder runs the areas its name lists (areas.ts), so the suite is spread
// over Vitest's workers; every area's tests still see a server that has every area.
import type { AddressInfo } from 'node:net';
import { describe } from 'vitest';
import { createApiClient } from '@pitlane/api/client';
import { BEHAVIOUR_AREAS, describeApiBehaviour, samplePngFile, withCookieJar, type BehaviourArea, type BehaviourTargetFactory } from '@pitlane/api/behaviour';
import { buildApp } from '../../src/app.ts';
import { backends, testConfig, useDatabase, useSmtpSink, useTempDir, type DatabaseContext } from '../harness.ts';
import { codeIn, type SmtpSink } from '../smtp-sink.ts';
import { mailAfter, withCode } from '../browser.ts';
import { makeOperator } from '../moderation.ts';
import { areasOfFile } from './areas.ts';

function isArea(name: string): name is BehaviourArea {
  return (BEHAVIOUR_AREAS as readonly string[]).includes(name);
}

/** The target: a listening app on the test's database, its mail read from the file's sink. */
function serverTarget(sink: SmtpSink, dataDir: { readonly path: string }, t: DatabaseContext, readUpTo: Map<string, number>): BehaviourTargetFactory {
  return async () => {
    const app = await buildApp(testConfig({ SMTP_URL: sink.url, DATA_DIR: dataDir.path }), { database: t.database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    return {
      newBrowser: () => createApiClient({ baseUrl, fetch: withCookieJar(fetch).fetch }),
      readOtp: async (email) => {
        // A code is read once: wait for a message newer than the last one read for this
        // address (forgot-password mails go out after the reply).
        const mail = await mailAfter(sink, readUpTo.get(email) ?? 0, email, withCode);
        readUpTo.set(email, sink.inbox.indexOf(mail) + 1);
        return codeIn(mail);
      },
      imageFile: (name) => samplePngFile(name),
      // Operators are never made through the API (the admin script sets the flag).
      makeOperator: (userId) => makeOperator(t.db, { id: userId }),
      close: () => app.close(),
    };
  };
}

/** Runs, on every backend, the areas the calling test file's name lists: pass its `import.meta.url`. */
export function describeServerBehaviour(file: string): void {
  const areas = areasOfFile(file);
  const unknown = areas.filter((area) => !isArea(area));
  if (unknown.length > 0) throw new Error(`${file}: no behaviour area ${unknown.join(', ')} (the areas are ${BEHAVIOUR_AREAS.join(', ')}).`);

  const sink = useSmtpSink();
  const dataDir = useTempDir('pitlane-behaviour-', { per: 'suite' });
  /** Per address: the inbox position after the last message whose code was read. */
  const readUpTo = new Map<string, number>();

  describe.each(backends)('on $name', (backend) => {
    const t = useDatabase(backend);
    describeApiBehaviour('API behaviour (server)', serverTarget(sink, dataDir, t, readUpTo), { run: areas.filter(isArea) });
  });
}
