// The garage's migrations on both engines: 0013 (tables, posts.car_id) and 0014 (the make and
// model list from sql/taxonomy.sql). A fresh database holds the whole list; a database that was
// at 0012 with posts in it upgrades with its posts untagged and its kept state right; the list
// applies again over itself without changing anything.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { backends, useDatabase } from '../../../test/harness.ts';
import { emptyDatabase, migrationsUpTo } from '../../../test/migrations.ts';
import { keptStateProblems } from '../posts/kept-check.ts';

const taxonomy = fileURLToPath(new URL('sql/taxonomy.sql', import.meta.url));
/** As the file's header says: 243 makes, 3476 models. */
const LIST_SIZE = { makes: 243, models: 3476 };

async function listRows(db: Db): Promise<unknown[]> {
  return (await db.execute(sql`select 'make' as kind, id, null::int as make_id, name from car_makes
    union all select 'model', id, make_id, name from car_models order by 1, 2`)).rows;
}

describe.each(backends)('the garage migrations on $name', (backend) => {
  const t = useDatabase(backend);

  it('a fresh database holds the whole list; applying it again changes nothing', async () => {
    const counts = await t.db.execute<{ makes: number; models: number }>(sql`
      select (select count(*)::int from car_makes) as makes, (select count(*)::int from car_models) as models`);
    expect(counts.rows[0]).toEqual(LIST_SIZE);
    // Every model belongs to a make of the list, and no make lacks models.
    const orphans = await t.db.execute(sql`select id from car_makes m where not exists (select 1 from car_models mo where mo.make_id = m.id)`);
    expect(orphans.rows).toEqual([]);
    const before = await listRows(t.db);
    for (const statement of fs.readFileSync(taxonomy, 'utf8').split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    expect(await listRows(t.db)).toEqual(before);
  });

  it('upgrades a database at 0012 with posts: they stay, untagged, with their cards and counts right', async () => {
    const older = migrationsUpTo('0012_feed_pulled_authors');
    const old = await emptyDatabase(backend);
    try {
      await migrate(old.database, older.folder);
      const db = old.database.db;
      const [ada] = (await db.execute<{ id: string }>(sql`insert into users (username, email, full_name) values ('ada', 'ada@pitlane.test', 'Ada') returning id`)).rows;
      await db.execute(sql`insert into posts (author_id, title, content, trending_score) values (${ada!.id}, 'Before the garage', 'x', 0)`);

      await migrate(old.database);

      expect((await db.execute(sql`select title, car_id from posts`)).rows).toEqual([{ title: 'Before the garage', car_id: null }]);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from car_models`)).rows[0]!.n).toBe(LIST_SIZE.models);
      expect(await keptStateProblems(db)).toEqual([]);
      // Running the migrations again does nothing.
      await migrate(old.database);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from car_makes`)).rows[0]!.n).toBe(LIST_SIZE.makes);
    } finally {
      await old.dispose();
      older.remove();
    }
  });
});
