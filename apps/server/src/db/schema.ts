// The one database schema of Pitlane, shared by PGlite and PostgreSQL.
//
// After changing it, generate a migration from apps/server:
//   npm run db:generate -- --name <what-changed>
// and commit the SQL in ./drizzle together with this file. SQL must run on PostgreSQL 15
// (PGlite is 18): no uuidv7(), no virtual generated columns.
//
// Column names are spelled out in snake_case; TypeScript names are camelCase.
import { sql } from 'drizzle-orm';
import { customType, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Case-insensitive text (the citext extension, created by the first migration).
 * Equality and unique constraints ignore case while the value keeps the spelling the user typed.
 */
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});

/** created_at / updated_at, kept by the database (updated_at also on every drizzle update). */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
};

/**
 * A person with an account. Extended by the identity work (sessions, OTPs, third-party
 * identities live in their own tables that reference users.id).
 */
export const users = pgTable('users', {
  /** Random UUID (gen_random_uuid() is built into PostgreSQL 13+). */
  id: uuid('id').primaryKey().defaultRandom(),
  /** Unique handle shown as @username; unique regardless of case. */
  username: citext('username').notNull().unique('users_username_unique'),
  /** Sign-in address; unique regardless of case. */
  email: citext('email').notNull().unique('users_email_unique'),
  /** Display name. */
  fullName: text('full_name').notNull(),
  /** argon2id hash; null for accounts created through a third-party provider. */
  passwordHash: text('password_hash'),
  /** Avatar URL; null shows the default avatar. */
  profilePictureUrl: text('profile_picture_url'),
  ...timestamps,
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
