// The one database schema of Pitlane, shared by PGlite and PostgreSQL.
//
// After changing it, generate a migration from apps/server:
//   npm run db:generate -- --name <what-changed>
// and commit the SQL in ./drizzle together with this file. SQL must run on PostgreSQL 15
// (PGlite is 18): no uuidv7(), no virtual generated columns.
//
// Column names are spelled out in snake_case; TypeScript names are camelCase.
import { sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
}, (table) => [
  // Search (modules/search): `username::text ILIKE '%…%'` and `full_name ILIKE '%…%'`.
  index('users_username_trgm_idx').using('gin', sql`(${table.username}::text) gin_trgm_ops`),
  index('users_full_name_trgm_idx').using('gin', table.fullName.op('gin_trgm_ops')),
]);

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

// ---------------------------------------------------------------------------------------------
// Communities (the minimal pair posts need: posting in a community, visibility, the creator's
// delete rights). The communities issue builds its routes on these tables.

export const communities = pgTable('communities', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Unique regardless of case. */
  name: citext('name').notNull().unique('communities_name_unique'),
  description: text('description').notNull(),
  /** Cover image URL; null shows our default artwork. */
  coverUrl: text('cover_url'),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [index('communities_creator_id_idx').on(table.creatorId)]);

export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // (community, user): a community's members, and "is the viewer a member" (visibility).
    primaryKey({ columns: [table.communityId, table.userId], name: 'community_members_pk' }),
    // (user, community): a user's communities.
    index('community_members_user_id_community_id_idx').on(table.userId, table.communityId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Posts, their images, likes, comments (modules/posts, modules/comments).

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: on the author's own profile. */
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /**
     * The trending order, kept by modules/posts/trending.ts on every like, unlike, comment and
     * comment deletion: log2 of the post's activity, each event weighted by 2^(its age in days
     * since a fixed epoch). See modules/posts/README.md.
     */
    trendingScore: doublePrecision('trending_score').notNull(),
    ...timestamps,
  },
  (table) => [
    // Plain ascending indexes, scanned backwards for ORDER BY … DESC (TOOLCHAIN.md).
    // By-user and the per-followee feed.
    index('posts_author_id_created_at_id_idx').on(table.authorId, table.createdAt, table.id),
    // Community pages (and the community visibility of every list).
    index('posts_community_id_created_at_id_idx').on(table.communityId, table.createdAt, table.id),
    // Newest first over everything (search's order, related's second tier tie-break).
    index('posts_created_at_id_idx').on(table.createdAt, table.id),
    // Trending.
    index('posts_trending_score_created_at_id_idx').on(table.trendingScore, table.createdAt, table.id),
    // Search (ILIKE '%…%') and related (title similarity): trigram indexes.
    index('posts_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('posts_content_trgm_idx').using('gin', table.content.op('gin_trgm_ops')),
    index('posts_title_trgm_gist_idx').using('gist', table.title.op('gist_trgm_ops')),
  ],
);

/** A post's images in order (position 0 first), with the stored size for the UI to reserve space. */
export const postImages = pgTable(
  'post_images',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.position], name: 'post_images_pk' })],
);

/** One like per user and post: the primary key makes concurrent toggles safe. */
export const likes = pgTable(
  'likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId], name: 'likes_pk' }),
    // A user's likes (account deletion's cascade).
    index('likes_user_id_idx').on(table.userId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // A post's comments, newest first (scanned backwards), and their count.
    index('comments_post_id_created_at_id_idx').on(table.postId, table.createdAt, table.id),
    index('comments_author_id_idx').on(table.authorId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Notifications (modules/notifications).

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'like' | 'comment' | 'follow'>().notNull(),
    /** The liked or commented post; null for follows. Deleting the post deletes the notification. */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // A user's notifications, newest first; and the unread count.
    index('notifications_recipient_id_created_at_id_idx').on(table.recipientId, table.createdAt, table.id),
    index('notifications_sender_id_idx').on(table.senderId),
    index('notifications_post_id_idx').on(table.postId),
    check('notifications_type_check', sql`${table.type} in ('like', 'comment', 'follow')`),
  ],
);
