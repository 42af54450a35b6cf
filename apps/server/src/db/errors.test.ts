// isDatabaseUnavailable on the errors the drivers really throw: a refused connection, a host that
// never answers, a closed pool or PGlite, PostgreSQL ending a session or cancelling a statement;
// and not on errors about the statement itself.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/free-port.ts';
import { backends, createPostgresDatabase, useDatabase } from '../../test/harness.ts';
import { openPostgres, REQUEST_BOUNDS, type Database } from './client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from './errors.ts';
import { users } from './schema.ts';

/** What `run` throws (drizzle's error wraps the driver's in `cause`). */
async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

const pools: pg.Pool[] = [];
const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end().catch(() => {})));
  for (const server of servers.splice(0)) server.close();
});

function pool(url: string, options: pg.PoolConfig = {}): pg.Pool {
  const created = new pg.Pool({ connectionString: url, ...options });
  created.on('error', () => {});
  pools.push(created);
  return created;
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection (nothing listens on the port)', async () => {
    const port = await freePort();
    const db = drizzleNodePostgres({ client: pool(`postgres://postgres@127.0.0.1:${port}/pitlane`) });
    const error = await failureOf(() => db.execute(sql`select 1`));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(describeDatabaseError(error)).toContain('ECONNREFUSED');
  });

  it('recognises the pool giving up on a host that accepts and never answers, within its bound', async () => {
    const silent = net.createServer(() => {}); // takes the TCP connection, never speaks
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = drizzleNodePostgres({ client: pool(`postgres://postgres@127.0.0.1:${port}/pitlane`, { connectionTimeoutMillis: 300 }) });
    const started = performance.now();
    const error = await failureOf(() => db.execute(sql`select 1`));
    expect(performance.now() - started).toBeLessThan(REQUEST_BOUNDS.connectMs);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a pool that has been ended', async () => {
    const ended = pool(`postgres://postgres@127.0.0.1:${await freePort()}/pitlane`);
    await ended.end();
    const error = await failureOf(() => drizzleNodePostgres({ client: ended }).execute(sql`select 1`));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a host with several addresses that all refuse (an AggregateError)', () => {
    const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: 'ECONNREFUSED' });
    const error = new AggregateError([refused('::1'), refused('127.0.0.1')]);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises a lost connection as the job queue's workers report it (pg-boss names the worker)", () => {
    const lost = new Error('Connection terminated unexpectedly (Queue: media-sweep, Worker: 7688b48f-f7dd-472c-bd14-f654f67b62cd)');
    expect(isDatabaseUnavailable(lost)).toBe(true);
    expect(isDatabaseUnavailable(new Error('duplicate key (Queue: media-sweep, Worker: 7688b48f)'))).toBe(false);
  });

  it('leaves an error that only mentions a socket error in its text alone', () => {
    expect(isDatabaseUnavailable(new Error('connect ECONNREFUSED 10.0.0.7:5432'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated unexpectedly')).toBe(false);
  });
});

describe.each(backends)('isDatabaseUnavailable on $name', (backend) => {
  const t = useDatabase(backend);

  it('is false for errors about the statement: a unique violation, a syntax error', async () => {
    const speedy = { username: 'speedy', email: 'speedy@pitlane.test', fullName: 'Speedy' };
    await t.db.insert(users).values(speedy);
    expect(isDatabaseUnavailable(await failureOf(() => t.db.insert(users).values(speedy)))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(() => t.db.execute(sql`selec 1`)))).toBe(false);
  });

  it('is true once the database has been closed', async () => {
    await t.database.close();
    const error = await failureOf(() => t.db.execute(sql`select 1`));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe.each(backends.filter((backend) => backend.kind === 'postgres'))('isDatabaseUnavailable from $name itself', () => {
  let database: Database | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await database?.close();
    await drop?.();
    database = null;
    drop = null;
  });

  async function open(bounds = REQUEST_BOUNDS): Promise<Database> {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openPostgres(created.url, { bounds, onError: () => {} });
    return database;
  }

  it('recognises PostgreSQL ending the session mid-statement (57P01, as a shutdown does), and the pool carries on', async () => {
    const { db, driver } = await open();
    if (driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const sleeping = failureOf(() => db.execute(sql`select pg_sleep(5)`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const killer = new pg.Client({ connectionString: driver.pool.options.connectionString });
    await killer.connect();
    try {
      await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and query like $1', ['select pg_sleep%']);
    } finally {
      await killer.end();
    }
    const error = await sleeping;
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(describeDatabaseError(error)).toMatch(/^57P01 terminating connection/);
    // The dead connection left the pool: the next statement gets a new one.
    expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('survives a connection dying between two statements of a transaction, and fails that transaction as unavailable', async () => {
    const { db, driver } = await open();
    if (driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const error = await failureOf(() =>
      db.transaction(async (tx) => {
        const [row] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
        await driver.pool.query('select pg_terminate_backend($1)', [row!.pid]);
        // PostgreSQL's goodbye arrives while no statement runs: pg emits 'error' on the client,
        // which would crash the process if nothing listened.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('recognises the statement timeout cancelling a statement (57014)', async () => {
    const { db } = await open({ ...REQUEST_BOUNDS, statementMs: 100 });
    const error = await failureOf(() => db.execute(sql`select pg_sleep(2)`));
    expect(describeDatabaseError(error)).toBe('57014 canceling statement due to statement timeout');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
