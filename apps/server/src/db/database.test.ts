import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useDatabase } from '../../test/harness.ts';
import { isUniqueViolation, postgresErrorCode } from './errors.ts';
import { migrate, migrationsFolder } from './migrate.ts';
import { users } from './schema.ts';

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

const speedy = { username: 'Speedy', email: 'Speedy@Example.com', fullName: 'Speedy Gonzales' };

describe.each(backends)('the database on $name', (backend) => {
  const t = useDatabase(backend);

  async function schemaShape() {
    const result = await t.db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' order by table_name, column_name`);
    return result.rows;
  }

  async function appliedMigrations() {
    const result = await t.db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    return result.rows[0]?.count;
  }

  it('has applied every migration in drizzle/, and running them again changes nothing', async () => {
    expect(journal.entries.map((entry) => entry.tag).slice(0, 2)).toEqual(['0000_extensions', '0001_users']);
    expect(await appliedMigrations()).toBe(journal.entries.length);
    await t.db.insert(users).values(speedy);
    const before = await schemaShape();

    await migrate(t.database);
    await migrate(t.database);

    expect(await appliedMigrations()).toBe(journal.entries.length);
    expect(await schemaShape()).toEqual(before);
    expect(await t.db.select({ username: users.username }).from(users)).toEqual([{ username: 'Speedy' }]);
  });

  it('has the pg_trgm and citext extensions', async () => {
    const result = await t.db.execute<{ extname: string }>(sql`select extname from pg_extension order by extname`);
    expect(result.rows.map((row) => row.extname)).toEqual(expect.arrayContaining(['citext', 'pg_trgm']));
    const similarity = await t.db.execute<{ s: number }>(sql`select similarity('porsche', 'porshe') as s`);
    expect(Number(similarity.rows[0]?.s)).toBeGreaterThan(0.3);
  });

  it('fills in id and timestamps, and leaves password and picture empty for third-party accounts', async () => {
    const [user] = await t.db.insert(users).values(speedy).returning();
    expect(user).toMatchObject({ ...speedy, passwordHash: null, profilePictureUrl: null });
    expect(user?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(user?.createdAt).toBeInstanceOf(Date);
    expect(user?.updatedAt.getTime()).toBe(user?.createdAt.getTime());
  });

  it('keeps usernames unique regardless of case, and the spelling the user chose', async () => {
    await t.db.insert(users).values(speedy);
    const duplicate = t.db.insert(users).values({ ...speedy, username: 'SPEEDY', email: 'other@example.com' });
    const error = await duplicate.then(() => null, (e: unknown) => e);
    expect(postgresErrorCode(error)).toBe('23505');
    expect(isUniqueViolation(error, 'users_username_unique')).toBe(true);
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(false);

    const found = await t.db.select({ username: users.username }).from(users).where(eq(users.username, 'speedy'));
    expect(found).toEqual([{ username: 'Speedy' }]);
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    await t.db.insert(users).values(speedy);
    const error = await t.db
      .insert(users)
      .values({ ...speedy, username: 'road_runner', email: 'speedy@example.COM' })
      .then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(true);
    expect(await t.db.$count(users)).toBe(1);
  });

  it('requires username, e-mail and full name', async () => {
    const error = await t.db
      .execute(sql`insert into users (username, email) values ('nameless', 'nameless@example.com')`)
      .then(() => null, (e: unknown) => e);
    expect(postgresErrorCode(error)).toBe('23502'); // not_null_violation
  });

  it('moves updated_at forward on update', async () => {
    const [created] = await t.db.insert(users).values(speedy).returning();
    // Back-date the row so "later" does not depend on the clock's resolution.
    await t.db.execute(sql`update users set created_at = now() - interval '1 day', updated_at = now() - interval '1 day'`);
    const [updated] = await t.db.update(users).set({ fullName: 'Speedy G.' }).where(eq(users.id, created!.id)).returning();
    expect(updated?.fullName).toBe('Speedy G.');
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(updated!.createdAt.getTime());
  });

  it('gives every test an empty database', async () => {
    // Runs after tests that inserted users: none is left over.
    expect(await t.db.$count(users)).toBe(0);
  });
});
