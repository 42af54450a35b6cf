// inTransaction: a transaction PostgreSQL aborted as a deadlock victim (or a serialization
// failure) runs again, up to three times; any other error is thrown at once.
import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { inTransaction } from './transaction.ts';

/** A database whose transactions fail with these SQLSTATEs first (as drizzle wraps them), then succeed. */
function failingFirst(...codes: string[]) {
  const calls = { count: 0 };
  const db = {
    async transaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> {
      calls.count++;
      const code = codes.shift();
      if (code) throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('driver error'), { code }) });
      return work({});
    },
  } as unknown as Db;
  return { db, calls };
}

describe('inTransaction', () => {
  it('runs a transaction aborted by a deadlock or a serialization failure again', async () => {
    const { db, calls } = failingFirst('40P01', '40001');
    expect(await inTransaction(db, async () => 'done')).toBe('done');
    expect(calls.count).toBe(3);
  });

  it('gives up after three attempts', async () => {
    const { db, calls } = failingFirst('40P01', '40P01', '40P01', '40P01');
    await expect(inTransaction(db, async () => 'done')).rejects.toThrow('Failed query');
    expect(calls.count).toBe(3);
  });

  it.each([
    ['PostgreSQL stopping (57P01)', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['a connection exception (08006)', { code: '08006', message: 'connection failure' }],
    ['the connection dropping', { message: 'Connection terminated unexpectedly' }],
    ['the server refusing connections', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
  ] as Array<[string, { code?: string; message: string }]>)('never runs a transaction again after %s: it may have committed', async (_what, fields) => {
    const calls = { count: 0 };
    const db = {
      async transaction(): Promise<never> {
        calls.count++;
        throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(fields.message), fields) });
      },
    } as unknown as Db;
    await expect(inTransaction(db, async () => 'done')).rejects.toThrow('Failed query');
    expect(calls.count).toBe(1);
  });

  it('throws any other error at once', async () => {
    const { db, calls } = failingFirst('23505');
    await expect(inTransaction(db, async () => 'done')).rejects.toThrow('Failed query');
    expect(calls.count).toBe(1);
  });
});
