// Bulk loading helpers for scripts/scale-data.ts: secondary indexes (and primary keys nothing
// references) are dropped while a table fills and built again afterwards, which is several times
// faster than maintaining them row by row; the definitions are read from the catalog, so the
// rebuilt indexes are exactly the migrations' ones.
import type pg from 'pg';

export interface SavedIndex {
  table: string;
  /** `create index …` or `alter table … add constraint … primary key …`. */
  create: string;
  drop: string;
}

/** Drops the indexes of `tables` that can go (not primary keys referenced by foreign keys). */
export async function dropIndexes(pool: pg.Pool, tables: readonly string[]): Promise<SavedIndex[]> {
  const { rows } = await pool.query<{ table: string; name: string; definition: string; constraint: string | null }>(
    `select t.relname as table, i.relname as name, pg_get_indexdef(i.oid) as definition,
       (select pg_get_constraintdef(c.oid) from pg_constraint c where c.conindid = i.oid and c.conrelid = t.oid) as constraint
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = 'public' and t.relname = any($1)
       and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = i.oid)`,
    [tables],
  );
  const saved = rows.map((row) =>
    row.constraint
      ? { table: row.table, create: `alter table "${row.table}" add constraint "${row.name}" ${row.constraint}`, drop: `alter table "${row.table}" drop constraint "${row.name}"` }
      : { table: row.table, create: row.definition, drop: `drop index "${row.name}"` },
  );
  for (const index of saved) await pool.query(index.drop);
  return saved;
}

/** Builds the saved indexes again, `parallel` at a time (one per core is about right). */
export async function restoreIndexes(pool: pg.Pool, saved: readonly SavedIndex[], parallel = 2): Promise<void> {
  const queue = [...saved];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      const client = await pool.connect();
      try {
        await client.query(`set maintenance_work_mem = '512MB'`);
        for (let index = queue.shift(); index; index = queue.shift()) await client.query(index.create);
      } finally {
        client.release();
      }
    }),
  );
}

/** Runs `work` and prints how long it took and how many rows `table` then has. */
export async function timed(pool: pg.Pool, label: string, table: string | null, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const rows = table ? Number((await pool.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0]!.n) : null;
  console.log(`  ${label.padEnd(34)} ${rows === null ? ''.padStart(12) : rows.toLocaleString('en').padStart(12)} rows  ${seconds.toFixed(1).padStart(7)} s`);
}
