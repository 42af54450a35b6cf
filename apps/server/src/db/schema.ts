// The one database schema of Pitlane, shared by PGlite and PostgreSQL.
//
// After changing it, generate a migration from apps/server:
//   npm run db:generate -- --name <what-changed>
// and commit the SQL in ./drizzle together with this file. SQL must run on PostgreSQL 15
// (PGlite is 18): no uuidv7(), no virtual generated columns.
//
// Column names are spelled out in snake_case; TypeScript names are camelCase.
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

// ---------------------------------------------------------------------------------------------
// Identity: sessions, one-time codes, third-party identities.

/**
 * A signed-in browser. The cookie carries a random token; only its SHA-256 is stored, so a
 * leaked table does not sign anyone in. Logout deletes the row; deleting the user deletes all.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Hex SHA-256 of the cookie's token. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Sliding: moved forward as the session is used (see modules/auth/sessions.ts). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * A sign-up waiting for its e-mailed code: the details are checked and the password hashed
 * when the code is sent; the account exists only once the code is verified. One row per
 * address: a new send replaces the old code.
 */
export const pendingRegistrations = pgTable('pending_registrations', {
  email: citext('email').primaryKey(),
  username: citext('username').notNull(),
  fullName: text('full_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** argon2id hash of the 6-digit code. */
  codeHash: text('code_hash').notNull(),
  /** Verification attempts used; the code is refused once it reaches the limit. */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A one-time code for an existing account: password reset or account deletion. One per purpose. */
export const accountCodes = pgTable(
  'account_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'reset-password' | 'delete-account' */
    purpose: text('purpose').$type<'reset-password' | 'delete-account'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose], name: 'account_codes_pk' })],
);

/** An account at the OpenID Connect provider, linked to a Pitlane user. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    /** The provider's `sub` claim: stable per account and issuer. */
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject], name: 'oidc_identities_pk' }),
    index('oidc_identities_user_id_idx').on(table.userId),
  ],
);

/**
 * A third-party sign-in in progress (between the redirect to the provider and the code coming
 * back): the browser holds a random token in a short-lived cookie, the row its SHA-256 and the
 * flow's secrets. Used once, then deleted.
 */
export const oidcLogins = pgTable('oidc_logins', {
  tokenHash: text('token_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// The social graph.

/** `followerId` follows `followeeId`. Nobody follows themselves. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // (follower, followee): whom a user follows, in order; and the toggle's lookup.
    primaryKey({ columns: [table.followerId, table.followeeId], name: 'follows_pk' }),
    // (followee, follower): a user's followers, and follower counts.
    index('follows_followee_id_follower_id_idx').on(table.followeeId, table.followerId),
    check('follows_not_self', sql`${table.followerId} <> ${table.followeeId}`),
  ],
);
