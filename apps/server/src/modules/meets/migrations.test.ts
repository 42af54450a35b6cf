// The meets' migration (0024) on both engines: a database at 0023 with a notification upgrades
// with it untouched; the new tables keep their rules (times in order, coordinates both or none,
// the known answers and notification types); deleting a meet takes its answers and notifications.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { backends } from '../../../test/harness.ts';
import { emptyDatabase, migrationsUpTo } from '../../../test/migrations.ts';

describe.each(backends)('the meets migration on $name', (backend) => {
  it('upgrades a database at 0023 and keeps the rules of meets, answers and notifications', async () => {
    const older = migrationsUpTo('0023_mention_in_comment');
    const old = await emptyDatabase(backend);
    try {
      await migrate(old.database, older.folder);
      const db = old.database.db;
      const [ada, bo] = (await db.execute<{ id: string }>(sql`insert into users (username, email, full_name) values
        ('ada', 'ada@pitlane.test', 'Ada'), ('bo', 'bo@pitlane.test', 'Bo') returning id`)).rows;
      await db.execute(sql`insert into notifications (recipient_id, sender_id, type) values (${ada!.id}, ${bo!.id}, 'follow')`);

      await migrate(old.database);

      expect((await db.execute(sql`select type, meet_id from notifications`)).rows).toEqual([{ type: 'follow', meet_id: null }]);
      const [club] = (await db.execute<{ id: string }>(sql`insert into communities (name, description, creator_id) values ('Club', 'A club.', ${ada!.id}) returning id`)).rows;
      const insertMeet = (extra: { ends?: string; latitude?: number | null; longitude?: number | null; status?: string } = {}) => db.execute<{ id: string }>(sql`
        insert into meets (community_id, creator_id, title, starts_at, ends_at, time_zone, address, latitude, longitude, status)
        values (${club!.id}, ${ada!.id}, 'Run', '2027-03-28T09:00:00Z', ${extra.ends ?? '2027-03-28T12:00:00Z'}, 'Europe/London', 'Box Hill',
          ${extra.latitude ?? null}, ${extra.longitude ?? null}, ${extra.status ?? 'scheduled'}) returning id`);
      const [meet] = (await insertMeet({ latitude: 51.2, longitude: -0.3 })).rows;
      // The rules hold in the database too.
      await expect(insertMeet({ ends: '2027-03-28T09:00:00Z' })).rejects.toThrow();
      await expect(insertMeet({ latitude: 51.2 })).rejects.toThrow();
      await expect(insertMeet({ latitude: 91, longitude: 0 })).rejects.toThrow();
      await expect(insertMeet({ status: 'postponed' })).rejects.toThrow();
      await expect(db.execute(sql`insert into meet_rsvps (meet_id, user_id, rsvp) values (${meet!.id}, ${bo!.id}, 'maybe')`)).rejects.toThrow();

      await db.execute(sql`insert into meet_rsvps (meet_id, user_id, rsvp) values (${meet!.id}, ${bo!.id}, 'going')`);
      await db.execute(sql`insert into notifications (recipient_id, sender_id, type, meet_id) values (${bo!.id}, ${ada!.id}, 'meet-reminder', ${meet!.id})`);
      await expect(db.execute(sql`insert into notifications (recipient_id, sender_id, type) values (${bo!.id}, ${ada!.id}, 'meet-rumour')`)).rejects.toThrow();
      await db.execute(sql`delete from meets where id = ${meet!.id}`);
      expect((await db.execute(sql`select 1 from meet_rsvps union all select 1 from notifications where meet_id is not null`)).rows).toEqual([]);
      // Running the migrations again does nothing.
      await migrate(old.database);
    } finally {
      await old.dispose();
      older.remove();
    }
  });
});
