// npm run fuzz [-- --runs 200 --seed 1 --postgres --only posts.,comments. --refusals]
//
// The long run of the schema-driven fuzzing of every route (issue 19, item 2; the bounded run is
// apps/server/test/fuzz/fuzz.test.ts): the authorization matrix's world on a fresh database (the
// embedded one in memory, or with --postgres a new database on DATABASE_URL's server, dropped
// afterwards; LOG_LEVEL=error shows the server's own errors), then `--runs` fuzzed requests to every route of the contract. A route with a
// finding (a 5xx, a refusal without `{ message }`, a refusal that changed something) is reported
// and the run goes on to the next. Prints per route its requests, answers by class and time,
// then the totals and every finding; exits 1 on any finding. --refusals also prints each route's
// most frequent refusals (what keeps requests from reaching the handler).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { routeNames, type RouteName } from '@pitlane/api/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres, pgliteExtensions, wrapPglite, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { World } from '../test/authorization/world.ts';
import { image } from '../test/posts.ts';
import { fuzzRoute, MAIL_PATIENCE_MS, type RouteFigures } from '../test/fuzz/run.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    seed: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    only: { type: 'string' },
    refusals: { type: 'boolean', default: false },
  },
});

const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of requests per route, 1 or more.');
// No seed given: a new one, printed, so the run can be replayed.
const seed = args.seed === undefined ? randomBytes(4).readUInt32BE() >>> 1 : Number(args.seed);
if (!Number.isInteger(seed)) throw new Error('--seed takes a whole number.');
const prefixes = args.only?.split(',').map((text) => text.trim()).filter(Boolean);
const only = prefixes ? routeNames.filter((name) => prefixes.some((prefix) => name.startsWith(prefix))) : routeNames;

async function openFresh(): Promise<{ database: Database; where: string; drop: () => Promise<void> }> {
  if (!args.postgres) {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const database = wrapPglite(client);
    await migrate(database);
    return { database, where: 'PGlite (in memory)', drop: async () => {} };
  }
  const server = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `pitlane_fuzz_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await migrate(database);
  return { database, where: `PostgreSQL (${name})`, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

const { database, where, drop } = await openFresh();
const sink = await startSmtpSink();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-fuzz-'));
const app = await buildApp(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SMTP_URL: sink.url, DATA_DIR: dataDir, SMTP_TIMEOUT_MS: MAIL_PATIENCE_MS, ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}) }), { database });
const findings: Array<{ name: RouteName; problem: string }> = [];
const figures: RouteFigures[] = [];
const started = performance.now();
try {
  const world = new World(app, database.db, sink);
  await world.build();
  console.log(`fuzz: ${only.length} routes × ${runs} requests on ${where}, seed ${seed} (replay: npm run fuzz -- --runs ${runs} --seed ${seed}${args.postgres ? ' --postgres' : ''})`);
  const files = { photo: await image('png', 16, 12) };
  for (const name of only) {
    const routeStarted = performance.now();
    try {
      const routeFigures = await fuzzRoute(world, name, { runs, seed }, files);
      figures.push(routeFigures);
      const bands = Object.entries(routeFigures.statuses).sort().map(([band, n]) => `${band} ${n}`).join(', ');
      console.log(`  ${name.padEnd(34)} ${String(routeFigures.runs).padStart(6)} requests  ${(routeFigures.ms / 1000).toFixed(1).padStart(6)} s  ${bands}`);
      if (args.refusals) {
        const top = Object.entries(routeFigures.refusals).sort((a, b) => b[1] - a[1]).slice(0, 4);
        for (const [said, n] of top) console.log(`      ${String(n).padStart(5)} × ${said}`);
      }
    } catch (error) {
      const problem = (error as Error).message.split('\n').slice(0, 12).join('\n    ');
      findings.push({ name, problem });
      console.log(`  ${name.padEnd(34)} FINDING after ${((performance.now() - routeStarted) / 1000).toFixed(1)} s:\n    ${problem}`);
    }
  }
} finally {
  await app.close();
  await database.close();
  await drop();
  await sink.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const seconds = (performance.now() - started) / 1000;
const requests = figures.reduce((sum, f) => sum + f.runs, 0);
const bands: Record<string, number> = {};
for (const f of figures) for (const [band, n] of Object.entries(f.statuses)) bands[band] = (bands[band] ?? 0) + n;
const refusals: Record<string, number> = {};
for (const f of figures) for (const [said, n] of Object.entries(f.refusals)) refusals[said.slice(0, 3)] = (refusals[said.slice(0, 3)] ?? 0) + n;
console.log(
  `\n${figures.length + findings.length} routes, ${requests} requests without a finding in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)} requests/s, world included); ` +
    `answers: ${Object.entries(bands).sort().map(([band, n]) => `${band} ${n}`).join(', ')} ` +
    `(${Object.entries(refusals).sort().map(([status, n]) => `${status} ${n}`).join(', ')}); findings: ${findings.length}`,
);
for (const finding of findings) console.log(`  ${finding.name}: ${finding.problem.split('\n')[0]}`);
process.exitCode = findings.length > 0 ? 1 : 0;
