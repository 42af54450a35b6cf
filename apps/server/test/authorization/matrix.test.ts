// The authorization matrix (issue 19, item 1): every route of the contract × every role, the
// expected status written once in table.ts. One world per database (world.ts); for each cell a
// request valid in shape, so the status is about who asks. A refusal answers `{ message }` and
// changes nothing at all (every table's digest before and after); a 2xx changes only the
// tables its row allows, does what its row says, and leaves the world's lasting things intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeNames, type RouteName } from '@pitlane/api/contract';
import { buildApp, type App } from '../../src/app.ts';
import { backends, testConfig, useDatabase, useSmtpSink, useTempDir } from '../harness.ts';
import { checkShape, ROLES, World, type Role } from './world.ts';
import { table, type Row } from './table.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-authorization-', { per: 'suite' });

const expectedOf = (row: Row, role: Role) => row.expect[role] ?? row.expect.default;
const isSuccess = (status: number) => status >= 200 && status < 300;

it('has one row for every route of the contract, and none for a route it does not have', () => {
  const rows = Object.keys(table).sort();
  const contract = [...routeNames].sort();
  expect({ missing: contract.filter((name) => !rows.includes(name)), unknown: rows.filter((name) => !contract.includes(name as RouteName)) }).toEqual({ missing: [], unknown: [] });
  for (const [name, row] of Object.entries(table)) {
    for (const role of Object.keys(row.expect)) expect(['default', ...ROLES], `${name}: ${role}`).toContain(role);
  }
});

describe.each(backends)('the authorization matrix on $name', (backend) => {
  const t = useDatabase(backend, { fresh: 'suite' });
  let app: App;
  let world: World;

  beforeAll(async () => {
    app = await buildApp(testConfig({ SMTP_URL: sink.url, DATA_DIR: dataDir.path }), { database: t.database });
    world = new World(app, t.db, sink);
    await world.build();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Runs one cell; returns what went wrong (empty: as the table says). */
  async function cell(name: RouteName, row: Row, role: Role, target: { value: unknown; made: boolean }): Promise<{ status: number; problems: string[] }> {
    if (row.target && !target.made) {
      target.value = await row.target(world);
      target.made = true;
    }
    const call = await row.call(world, role, target.value);
    checkShape(name, call);
    const cookie = row.session ? await row.session(world, role) : world.cookieOf(role);
    const before = await world.snapshot();
    const response = await world.send(name, call, cookie);
    const after = await world.snapshot();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    const problems: string[] = [];
    const status = response.statusCode;
    if (isSuccess(status)) {
      const allowed = typeof row.changes === 'function' ? row.changes(role) : (row.changes ?? []);
      const unexpected = changed.filter((table) => !allowed.includes(table));
      if (unexpected.length > 0) problems.push(`a ${status} changed ${unexpected.join(', ')}`);
      try {
        await row.verify?.(world, role, target.value, response);
      } catch (error) {
        problems.push(`a ${status} did not do what it must: ${(error as Error).message}`);
      }
      await row.restore?.(world, role, target.value, response);
      if (row.consumes) target.made = false;
      const missing = await world.intact();
      if (missing.length > 0) problems.push(`the world lost: ${missing.join(', ')}`);
    } else {
      let body: unknown = null;
      try {
        body = response.json();
      } catch {
        // not JSON: reported below
      }
      const message = (body as { message?: unknown } | null)?.message;
      if (typeof message !== 'string' || message === '' || Object.keys(body as object).length !== 1) problems.push(`a ${status} answered ${response.body}, not { message }`);
      const unexpected = changed.filter((table) => !(row.refusalChanges ?? []).includes(table));
      if (unexpected.length > 0) problems.push(`a ${status} changed ${unexpected.join(', ')}`);
    }
    if (status !== expectedOf(row, role)) problems.push(`answered ${status}: ${response.body.slice(0, 300)}`);
    return { status, problems };
  }

  it.each(routeNames)('%s', async (name) => {
    const row = table[name];
    const target = { value: undefined as unknown, made: false };
    const statuses: Partial<Record<Role, number>> = {};
    const problems: string[] = [];
    for (const role of ROLES) {
      const result = await cell(name, row, role, target);
      statuses[role] = result.status;
      problems.push(...result.problems.map((problem) => `${role}: ${problem}`));
    }
    const expected = Object.fromEntries(ROLES.map((role) => [role, expectedOf(row, role)]));
    expect({ statuses, problems }).toEqual({ statuses: expected, problems: [] });
  });
});
