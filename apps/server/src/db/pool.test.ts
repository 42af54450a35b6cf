// The PostgreSQL pool when the network between the server and PostgreSQL goes silent (packets
// dropped, no reset): statements are answered within the bounds, and a connection left with a
// statement in flight is not handed to the next request. Through a TCP proxy that can stop
// passing bytes on, in front of the test PostgreSQL.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, createPostgresDatabase } from '../../test/harness.ts';
import { openPostgres, type Database } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

/** A loopback TCP proxy to `target`; while `silent`, it drops every byte either way. */
async function silenceableProxy(target: URL) {
  const state = { silent: false };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(from);
      from.on('data', (chunk) => state.silent || to.write(chunk));
      from.on('close', () => to.destroy());
      from.on('error', () => {});
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    state,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe.each(backends.filter((backend) => backend.kind === 'postgres'))('the $name pool when the network goes silent', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers a transaction within the bounds and never hands its stuck connection to the next request', async () => {
    const created = await createPostgresDatabase();
    cleanups.push(created.drop);
    const proxy = await silenceableProxy(new URL(created.url));
    cleanups.push(proxy.close);
    const database: Database = await openPostgres(proxy.url, { bounds: { connectMs: 1_000, statementMs: 10_000, queryMs: 300 }, onError: () => {} });
    cleanups.push(() => database.close());

    const started = performance.now();
    let error: unknown = null;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.state.silent = true;
        await tx.execute(sql`select 2`);
      })
      .catch((thrown: unknown) => (error = thrown));
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The statement's 300 ms, then the ROLLBACK's, queued behind it on the same connection.
    expect(performance.now() - started).toBeLessThan(3_000);

    proxy.state.silent = false;
    // The old connection lost bytes: reused, it would wait for `select 2` and time out again.
    expect((await database.db.execute<{ n: number }>(sql`select 3 as n`)).rows).toEqual([{ n: 3 }]);
  });
});
