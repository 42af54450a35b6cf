// Schema-driven fuzzing of every route (issue 19, item 2), the bounded run CI makes: for every
// call of the contract, requests made from its schemas and hostile ones (run.ts), sent by every
// role of the authorization matrix's world. Never a 5xx; a refusal answers a JSON `{ message }`
// and changes nothing. The seed is fixed and printed, so a failure replays with
// FUZZ_SEED=<seed>; `npm run fuzz` makes the long run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeNames } from '@pitlane/api/contract';
import { buildApp, type App } from '../../src/app.ts';
import { backends, testConfig, useDatabase, useSmtpSink, useTempDir } from '../harness.ts';
import { World } from '../authorization/world.ts';
import { image } from '../posts.ts';
import { fuzzRoute, MAIL_PATIENCE_MS } from './run.ts';
import type { ProbeFiles } from './probe.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-fuzz-', { per: 'suite' });

describe.each(backends)(`fuzzing every route (seed ${SEED}, ${RUNS} requests each) on $name`, (backend) => {
  const t = useDatabase(backend, { fresh: 'suite' });
  let app: App;
  let world: World;
  let files: ProbeFiles;

  beforeAll(async () => {
    console.info(`fuzz: seed ${SEED}, ${RUNS} requests per route (replay: FUZZ_SEED=${SEED})`);
    app = await buildApp(testConfig({ SMTP_URL: sink.url, DATA_DIR: dataDir.path, SMTP_TIMEOUT_MS: MAIL_PATIENCE_MS }), { database: t.database });
    world = new World(app, t.db, sink);
    await world.build();
    files = { photo: await image('png', 16, 12) };
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(routeNames)('%s', async (name) => {
    const figures = await fuzzRoute(world, name, { runs: RUNS, seed: SEED }, files);
    expect(figures.runs).toBe(RUNS);
  });
});
