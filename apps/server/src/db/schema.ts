// The one database schema of Pitlane, shared by PGlite and PostgreSQL.
//
// After changing it, generate a migration from apps/server:
//   npm run db:generate -- --name <what-changed>
// and commit the SQL in ./drizzle together with this file. SQL must run on PostgreSQL 15
// (PGlite is 18): no uuidv7(), no virtual generated columns.
//
// Column names are spelled out in snake_case; TypeScript names are camelCase.
import { sql } from 'drizzle-orm';
import type { Removal } from '@pitlane/api/contract';
import { bigint, boolean, check, customType, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

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
  /** "Require descriptions on my photos" (Edit Profile): posts without one on every photo are refused. */
  requirePhotoDescriptions: boolean('require_photo_descriptions').notNull().default(false),
  /**
   * A site operator (issue 18, modules/moderation): the site's moderation queue, suspensions and
   * the log. Granted and revoked only by `npm run admin` (scripts/admin.ts), never by the API.
   */
  operator: boolean('operator').notNull().default(false),
  /**
   * Suspended by an operator (modules/moderation): cannot sign in, and everything the person
   * wrote is hidden from everyone (modules/safety/hidden.ts). Null: not suspended.
   */
  suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
  /** The operator's reason for the suspension; '' when not suspended. */
  suspensionReason: text('suspension_reason').notNull().default(''),
  ...timestamps,
}, (table) => [
  // Search (modules/search): `username::text ILIKE '%…%'` and `full_name ILIKE '%…%'`.
  index('users_username_trgm_idx').using('gin', sql`(${table.username}::text) gin_trgm_ops`),
  index('users_full_name_trgm_idx').using('gin', table.fullName.op('gin_trgm_ops')),
  // Mention type-ahead (modules/tags): username or full name starting with what is typed, in
  // order, read as a range (collation "C" makes `LIKE 'prefix%'` one).
  index('users_username_prefix_idx').on(sql`(lower(${table.username}::text) collate "C")`),
  index('users_full_name_prefix_idx').on(sql`(lower(${table.fullName}) collate "C")`),
  // The suspended people, read by every list's hidden-people InitPlan (modules/safety/hidden.ts):
  // a scan of this small partial index, never of the users.
  index('users_suspended_id_idx').on(table.id).where(sql`${table.suspendedAt} is not null`),
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
    /**
     * Active sessions (issue 19): the session's name in the person's list and in "end this one".
     * Random and unrelated to the token, so showing it signs no one in.
     */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** A coarse label from the User-Agent at sign-in ("Chrome on Linux"); null when it says nothing. */
    device: text('device'),
    /** Moved with `expiresAt` (at most once a day), never per request: "last active" to the day. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), uniqueIndex('sessions_public_id_unique').on(table.publicId)],
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

/**
 * Two-factor sign-in (issue 19, modules/two-factor): the authenticator app's secret of a user. A
 * row with `enabledAt` null is a setup not finished yet (no code confirmed it); the secret is
 * never sent again after the setup and never logged. It is not encrypted: there is no server key
 * to encrypt it with yet (modules/two-factor/README.md).
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as authenticator apps take it. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  /** The TOTP time step of the last code accepted: that code and older ones are refused (no replay). */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Recovery codes of a user with two-factor sign-in: argon2id hashes; a used one is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('two_factor_recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * A sign-in waiting for its second step: the right password (or provider) was given, the code
 * not yet. Keyed by the SHA-256 of the challenge token the client holds; lives 5 minutes, takes 5
 * codes, and is deleted when it signs in.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('two_factor_challenges_user_id_idx').on(table.userId)],
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

/**
 * `blockerId` blocked `blockedId` (issue 18, modules/safety): neither sees the other's posts,
 * comments, profile, suggestions or search results, and neither can follow, like, comment on or
 * notify the other. Blocking ends the follows both ways (in the same transaction, not here).
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // (blocker, blocked): a person's Blocked list, whom a viewer hides, and the pair's lookup.
    primaryKey({ columns: [table.blockerId, table.blockedId], name: 'blocks_pk' }),
    // (blocked, blocker): who hides from a viewer.
    index('blocks_blocked_id_blocker_id_idx').on(table.blockedId, table.blockerId),
    check('blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * `muterId` muted `mutedId` (issue 18): the muted person's posts, comments and notifications
 * leave the muter's feed, lists and notifications. Nothing changes for the muted person.
 */
export const mutes = pgTable(
  'mutes',
  {
    muterId: uuid('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: uuid('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.muterId, table.mutedId], name: 'mutes_pk' }),
    // The muted person's side, for the cascade when their account is deleted.
    index('mutes_muted_id_idx').on(table.mutedId),
    check('mutes_not_self', sql`${table.muterId} <> ${table.mutedId}`),
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
  /** The cover's description for people who cannot see it (issue 18); '' when none. */
  coverAlt: text('cover_alt').notNull().default(''),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** How many posts the community has: kept by the posts triggers (see "Kept counts" below). */
  postCount: integer('post_count').notNull().default(0),
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
     * The author's car the post is tagged to (the garage, issue 17), or null. Deleting the car
     * keeps the post and drops the tag. Not on the kept card: cards read the car at read time
     * (modules/posts/cards.ts), so a renamed car shows its new name on every card at once.
     */
    carId: uuid('car_id').references((): AnyPgColumn => cars.id, { onDelete: 'set null' }),
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
    // A car's build log and a model's posts (the garage), and the SET NULL of a car's deletion.
    index('posts_car_id_created_at_id_idx').on(table.carId, table.createdAt, table.id),
    // Search (ILIKE '%…%') and related (title similarity): trigram indexes.
    index('posts_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('posts_content_trgm_idx').using('gin', table.content.op('gin_trgm_ops')),
    // siglen 64 (default 12): finer trigram signatures let the nearest-neighbour scan of related
    // prune far more of the index (measured 4–10× faster at 1M posts, modules/posts/README.md).
    index('posts_title_trgm_gist_idx').using('gist', table.title.op('gist_trgm_ops(siglen=64)')),
  ],
);

/**
 * Text compared byte by byte (collation "C"): a tag's btree index then serves `LIKE 'prefix%'`
 * (type-ahead, search) on every database whatever its locale.
 */
const bytewiseText = customType<{ data: string }>({
  dataType() {
    return 'text COLLATE "C"';
  },
});

/**
 * The tags of a post (issue 21, modules/tags): read from its title and content by the contract's
 * `tagsIn` on create and replaced on update; gone with the post. `created_at` is the post's,
 * copied (posts never change it) so a tag's posts are read newest first from this table alone.
 */
export const postTags = pgTable(
  'post_tags',
  {
    tag: bytewiseText('tag').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /**
     * The post's, copied (a post never changes them): the lists' visibility and hiding checks
     * (`p.author_id`, `p.community_id`) then read the indexes below alone, no post row per tag row.
     */
    authorId: uuid('author_id').notNull(),
    communityId: uuid('community_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tag, table.postId], name: 'post_tags_pk' }),
    // A tag's posts newest first (scanned backwards), and its size, index only.
    index('post_tags_tag_created_at_post_id_idx').on(table.tag, table.createdAt, table.postId, table.authorId, table.communityId),
    // Trending tags: the tags of the posts of the last days, index only.
    index('post_tags_created_at_tag_idx').on(table.createdAt, table.tag, table.authorId, table.communityId),
    // A post's tags: replaced on update, and the cascade of its deletion.
    index('post_tags_post_id_idx').on(table.postId),
  ],
);

/**
 * How many posts carry each tag (issue 21), kept by a trigger on post_tags (modules/tags/sql/
 * tags.sql): type-ahead and search order tags by it without counting. A tag no post carries any
 * more stays with 0 and is never offered.
 */
export const tagCounts = pgTable('tag_counts', {
  tag: bytewiseText('tag').primaryKey(),
  postCount: integer('post_count').notNull().default(0),
});

/**
 * Posts whose tags are still to be read (issue 21): migration 0020 lists every post that existed
 * before tags did, and the server reads their tags with the contract's parser at start-up
 * (modules/tags/backfill.ts), then empties it. New posts never enter it.
 */
export const postTagsBackfill = pgTable('post_tags_backfill', {
  postId: uuid('post_id').primaryKey(),
});

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
    /** The author's description of the photo, its alt text; empty when none was given. */
    alt: text('alt').notNull().default(''),
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
    // A person's comments newest first (scanned backwards): the data export pages through them
    // (modules/export); also the account deletion's cascade.
    index('comments_author_id_created_at_id_idx').on(table.authorId, table.createdAt, table.id),
  ],
);

/**
 * A post a person saved for later (the Saved page, issue 21). Private: only its person reads it,
 * and nothing counts a post's saves. Deleting the post or the person deletes it.
 */
export const savedPosts = pgTable(
  'saved_posts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // (person, post): one save each, and "did the viewer save it" on every card (an index probe).
    primaryKey({ columns: [table.userId, table.postId], name: 'saved_posts_pk' }),
    // The Saved page: a person's saves newest first (scanned backwards, TOOLCHAIN.md).
    index('saved_posts_user_id_saved_at_post_id_idx').on(table.userId, table.savedAt, table.postId),
    // A post's saves, for the cascade when the post is deleted.
    index('saved_posts_post_id_idx').on(table.postId),
  ],
);

// ---------------------------------------------------------------------------------------------
// The garage (modules/garage, issue 17): the make and model list, people's cars, build logs.

/**
 * The makes of the shipped list: NHTSA vPIC's, with vPIC's own ids, written by a migration from
 * modules/garage/sql/taxonomy.sql (never by the app: a name typed because the list lacks it stays
 * on the car). The pickers match the start of the name or of any word of it, case-insensitively.
 */
export const carMakes = pgTable('car_makes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
}, (table) => [index('car_makes_name_idx').using('btree', sql`lower(${table.name}) text_pattern_ops`)]);

/** The models of the list, each of one make (vPIC ids). */
export const carModels = pgTable('car_models', {
  id: integer('id').primaryKey(),
  makeId: integer('make_id')
    .notNull()
    .references(() => carMakes.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
}, (table) => [index('car_models_make_id_name_idx').using('btree', table.makeId, sql`lower(${table.name}) text_pattern_ops`)]);

/**
 * A car of a person's garage, current or past. `makeName` and `modelName` are always filled:
 * copied from the list when `makeId`/`modelId` name an entry of it, as typed otherwise, so the
 * car keeps its name whatever happens to the list. Deleting the owner deletes it; deleting it
 * deletes its build log and untags its posts (posts.car_id, SET NULL).
 */
export const cars = pgTable('cars', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  makeId: integer('make_id').references(() => carMakes.id, { onDelete: 'set null' }),
  modelId: integer('model_id').references(() => carModels.id, { onDelete: 'set null' }),
  makeName: text('make_name').notNull(),
  modelName: text('model_name').notNull(),
  year: integer('year').notNull(),
  /** Trim or nickname; '' when none. */
  trim: text('trim').notNull().default(''),
  colour: text('colour').notNull().default(''),
  description: text('description').notNull().default(''),
  /** Owned now; false: a past car. */
  current: boolean('current').notNull().default(true),
  /** The cover photo (a `cover` image of modules/media); null: none. */
  coverUrl: text('cover_url'),
  coverAlt: text('cover_alt').notNull().default(''),
  ...timestamps,
}, (table) => [
  // A garage (and its size, for MAX_GARAGE_CARS).
  index('cars_owner_id_created_at_id_idx').on(table.ownerId, table.createdAt, table.id),
  // Search's cars, newest first: read backwards until 20 match when the text is common (a
  // model thousands own), instead of sorting every match.
  index('cars_created_at_id_idx').on(table.createdAt, table.id),
  // A model's page: make and model names without regard to case, newest first (scanned backwards).
  index('cars_model_created_at_id_idx').on(sql`lower(${table.makeName})`, sql`lower(${table.modelName})`, table.createdAt, table.id),
  // Search (modules/garage/read.ts): cars by their label "year make model trim", posts by their
  // car's "make model" (ILIKE '%…%', trigram GIN like the posts' title and content).
  index('cars_label_trgm_idx').using('gin', sql`(${table.year}::text || ' ' || ${table.makeName} || ' ' || ${table.modelName} || ' ' || ${table.trim}) gin_trgm_ops`),
  index('cars_make_model_trgm_idx').using('gin', sql`(${table.makeName} || ' ' || ${table.modelName}) gin_trgm_ops`),
]);

/**
 * An entry of a car's build log. `loggedAt` places it in the car's timeline: its `date` at the
 * time of day (UTC) it was written, so an entry written today sits among today's posts and a
 * back-dated one on its day (contract: CarTimelineItem).
 */
export const carLogEntries = pgTable('car_log_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  carId: uuid('car_id')
    .notNull()
    .references(() => cars.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  title: text('title').notNull(),
  text: text('text').notNull().default(''),
  /** Odometer reading in `mileageUnit`; null when not given. */
  mileage: integer('mileage'),
  mileageUnit: text('mileage_unit').notNull().default('km'),
  /** Two decimals in `currency`; null when not given. */
  cost: numeric('cost', { precision: 10, scale: 2 }),
  currency: text('currency').notNull(),
  ...timestamps,
  loggedAt: timestamp('logged_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .generatedAlwaysAs(sql`(date + (created_at at time zone 'UTC')::time) at time zone 'UTC'`),
}, (table) => [index('car_log_entries_car_id_logged_at_id_idx').on(table.carId, table.loggedAt, table.id)]);

/** A log entry's photos in order, stored like a post's (`post` images of modules/media). */
export const carLogImages = pgTable(
  'car_log_images',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => carLogEntries.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.entryId, table.position], name: 'car_log_images_pk' })],
);

/**
 * How many posts are tagged to cars of each model, kept per community (`community_id` the
 * all-zero uuid for posts on profiles), by the triggers of modules/garage/sql/counts.sql on every
 * tag, untag, move, deletion and rename: a model's post list (`cars.modelPosts`) adds the rows of
 * the communities its viewer belongs to, instead of counting 100k posts per page (a popular
 * model at the 1m scale set). Keys are the lower-cased names, as a model's page matches them.
 */
export const modelPostCounts = pgTable(
  'model_post_counts',
  {
    makeKey: text('make_key').notNull(),
    modelKey: text('model_key').notNull(),
    communityId: uuid('community_id').notNull(),
    postCount: integer('post_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.makeKey, table.modelKey, table.communityId], name: 'model_post_counts_pk' })],
);

// ---------------------------------------------------------------------------------------------
// Meets (issue 21, modules/meets).

/**
 * A meet of a community: its times as instants with the zone the creator gave them in, its place,
 * its cover. Deleting the community or the creator's account deletes it (with its RSVPs and
 * notifications); its creator leaving the community does not. `remindedFor`: the start the
 * day-before reminder was sent for (null: not sent), so the job sends it once per start.
 */
export const meets = pgTable('meets', {
  id: uuid('id').primaryKey().defaultRandom(),
  communityId: uuid('community_id')
    .notNull()
    .references(() => communities.id, { onDelete: 'cascade' }),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** IANA zone name, e.g. 'Europe/London'. */
  timeZone: text('time_zone').notNull(),
  address: text('address').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** The cover photo (a `cover` image of modules/media); null: none. */
  coverUrl: text('cover_url'),
  coverAlt: text('cover_alt').notNull().default(''),
  status: text('status').$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
  remindedFor: timestamp('reminded_for', { withTimezone: true, mode: 'date' }),
  ...timestamps,
}, (table) => [
  // The upcoming meets of a community (and of the viewer's communities, /events): a range of
  // meets not yet ended per community; they are few, sorted by start after.
  index('meets_community_id_ends_at_idx').on(table.communityId, table.endsAt),
  // The reminder job: scheduled meets starting soon.
  index('meets_starts_at_idx').on(table.startsAt).where(sql`status = 'scheduled'`),
  // Account deletion, and the data export's list of the person's meets, newest first.
  index('meets_creator_id_created_at_id_idx').on(table.creatorId, table.createdAt, table.id),
  // /events: the meets not yet ended of the people the viewer follows, and the viewer's own (a
  // range per person, however many meets they organised before).
  index('meets_creator_id_ends_at_idx').on(table.creatorId, table.endsAt),
  check('meets_status_check', sql`${table.status} in ('scheduled', 'cancelled')`),
  check('meets_ends_after_start_check', sql`${table.endsAt} > ${table.startsAt}`),
  check('meets_coordinates_check', sql`(${table.latitude} is null) = (${table.longitude} is null)
    and (${table.latitude} is null or ${table.latitude} between -90 and 90)
    and (${table.longitude} is null or ${table.longitude} between -180 and 180)`),
]);

/** A person's answer to a meet: going or interested; taking it back deletes the row. */
export const meetRsvps = pgTable(
  'meet_rsvps',
  {
    meetId: uuid('meet_id')
      .notNull()
      .references(() => meets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rsvp: text('rsvp').$type<'going' | 'interested'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.meetId, table.userId], name: 'meet_rsvps_pk' }),
    // Counts per answer and the attendee pages, first answered first.
    index('meet_rsvps_meet_id_rsvp_created_at_idx').on(table.meetId, table.rsvp, table.createdAt, table.userId),
    // A person's answers (account deletion, the data export).
    index('meet_rsvps_user_id_idx').on(table.userId),
    check('meet_rsvps_rsvp_check', sql`${table.rsvp} in ('going', 'interested')`),
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
    type: text('type').$type<'like' | 'comment' | 'follow' | 'removed' | 'mention' | 'meet-reminder' | 'meet-changed' | 'meet-cancelled'>().notNull(),
    /**
     * The liked or commented post, or the post mentioned in or commented on (`mention`, issue 21);
     * null for follows. Deleting the post deletes the notification.
     */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /**
     * For a `mention` in a comment: that comment (the list says "in a comment"). Deleting the
     * comment takes the mention back, as deleting a post does.
     */
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /**
     * For `removed` (issue 18, modules/moderation): what a moderator removed and why, as the
     * contract's `Removal` (kind, excerpt, community, reason), kept as it was: the content is gone.
     */
    removal: jsonb('removal').$type<Removal>(),
    /** For the meet notifications (issue 21): the meet. Deleting it deletes the notification. */
    meetId: uuid('meet_id').references((): AnyPgColumn => meets.id, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // A user's notifications, newest first; and the unread count.
    index('notifications_recipient_id_created_at_id_idx').on(table.recipientId, table.createdAt, table.id),
    index('notifications_sender_id_idx').on(table.senderId),
    index('notifications_post_id_idx').on(table.postId),
    index('notifications_comment_id_idx').on(table.commentId),
    index('notifications_meet_id_idx').on(table.meetId),
    check('notifications_type_check', sql`${table.type} in ('like', 'comment', 'follow', 'removed', 'mention', 'meet-reminder', 'meet-changed', 'meet-cancelled')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Kept counts and home feeds (modules/posts/README.md "Reads", "Kept state"). Written only by the
// triggers of modules/posts/sql/feeds.sql, on every path that adds or removes posts, follows or
// memberships (the routes, the seed, account and community deletion cascades), never by the app.
//
// The count tables have no foreign keys on purpose: during a cascade (an account or a community
// being deleted) they must keep describing the posts that still exist until the posts' own
// triggers take them away, whatever order PostgreSQL runs the cascades in.

/** Posts on each author's profile (outside communities). */
export const profilePostCounts = pgTable('profile_post_counts', {
  authorId: uuid('author_id').primaryKey(),
  postCount: integer('post_count').notNull(),
});

/** Posts of each author in each community: a community's posts by the people one follows. */
export const communityPostCounts = pgTable(
  'community_post_counts',
  {
    communityId: uuid('community_id').notNull(),
    authorId: uuid('author_id').notNull(),
    postCount: integer('post_count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.communityId, table.authorId], name: 'community_post_counts_pk' })],
);

/**
 * All profile posts (everyone sees them), in 16 rows picked by the author, so that concurrent
 * posts rarely wait for one another on a single counter row. The total is their sum.
 */
export const profilePostTotals = pgTable('profile_post_totals', {
  shard: smallint('shard').primaryKey(),
  postCount: bigint('post_count', { mode: 'number' }).notNull(),
});

/**
 * A user's home feed: how many posts it has in all (`postCount`: the posts of the people they
 * follow that they may see) and its newest entries kept in `feed_entries` (`entryCount` of
 * them). The entries are trimmed to the newest FEED_CAP; `horizon` is then the oldest kept one:
 * every feed post at or above the horizon has its entry, older ones have none (pages that reach
 * past the entries are merged from the posts instead). No horizon: the entries are the whole feed.
 */
export const feeds = pgTable('feeds', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  postCount: integer('post_count').notNull().default(0),
  entryCount: integer('entry_count').notNull().default(0),
  horizonCreatedAt: timestamp('horizon_created_at', { withTimezone: true, mode: 'date' }),
  horizonPostId: uuid('horizon_post_id'),
});

/**
 * The newest posts of a user's feed, written when they are posted (fan-out on write), when
 * the owner follows someone or joins a community, removed when the post goes, the owner
 * unfollows or leaves. Read newest first by the primary key. No foreign key to posts: a post's
 * entries are found through its author's followers (the post triggers), which saves an index
 * on post_id over millions of rows.
 */
export const feedEntries = pgTable(
  'feed_entries',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => feeds.ownerId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    postId: uuid('post_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.createdAt, table.postId], name: 'feed_entries_pk' })],
);

/**
 * Posts whose feed fan-out is still to come (modules/posts/fanout.ts): a post made by the app is
 * counted at once but reaches its readers' feeds after its transaction, through `feed_fanout(id)`,
 * run by the posting request (few followers) or by a job of the queue (many). Until then the
 * kept feeds leave it out everywhere (sql/feeds.sql), so a follow or a membership made meanwhile
 * neither misses it nor counts it twice. Goes with the post.
 */
export const feedFanouts = pgTable('feed_fanouts', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Authors whose posts get no feed entries (modules/posts/fanout.ts, sql/feeds.sql "Pulled
 * authors"): accounts with more than FEED_PULL_ABOVE followers. Their followers' feeds read their
 * posts at read time, as Twitter does for its biggest accounts, so such a post costs nothing per
 * follower. Switched by `feed_set_pulled(author, on)`. No foreign key on purpose: when the
 * account is deleted, the row must outlive the cascade that deletes its posts and follows (they
 * leave the feeds as a pulled author's: nothing to take out), whatever order PostgreSQL runs the
 * cascades in; the row of a deleted account is never read again (feeds reach it through follows).
 */
export const feedPulledAuthors = pgTable('feed_pulled_authors', {
  authorId: uuid('author_id').primaryKey(),
  since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Each post's card as the contract shows it (modules/posts/cards.ts), kept as JSON text by the
 * triggers of modules/posts/sql/cards.sql whenever the post, its images, its likes or its
 * author's name or picture change: a list page then reads one row per post instead of joining,
 * sorting and formatting five. `head` is the card's JSON object without its closing brace, its
 * likes and its community; `likes` the JSON array of the likers' ids in the order they liked. The
 * community is added as the page is read (its cover falls back to the server's configured default
 * artwork).
 */
export const postCards = pgTable('post_cards', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  communityId: uuid('community_id'),
  head: text('head').notNull(),
  likes: text('likes').notNull().default('[]'),
});

/**
 * The media journal (modules/media/journal.ts): stored files that may belong to no row. An upload
 * lists its files here, due after a grace period, before writing them, and the transaction that
 * saves the rows referencing them removes them again; a transaction that drops references lists
 * the files due at once. The sweeper deletes the files of due keys, then the keys, so a process
 * killed at any moment leaves no file without a row for longer than the grace period.
 */
export const mediaSweep = pgTable(
  'media_sweep',
  {
    key: text('key').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('media_sweep_due_at_idx').on(table.dueAt)],
);

// ---------------------------------------------------------------------------------------------
// Reports and moderation (issue 18, modules/moderation/README.md).

/**
 * One person's report of a post, a comment or a person. `targetId` names the item of `kind`;
 * `postId` (the post, or the comment's post), `commentId` and `subjectId` (the author, or the
 * person) hold the same item by foreign keys, so a report goes with its item, however it is
 * deleted. `communityId`: the community's queue it belongs to (the post's community), null for
 * the site's queue. Open until a moderator acts (`closedAt`); one per person and item, ever.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'post' | 'comment' | 'user'>().notNull(),
    targetId: uuid('target_id').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<'spam' | 'harassment' | 'stolen_photo' | 'dangerous_driving' | 'other'>().notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // One report per person and item (a second one answers 409, race-safe).
    uniqueIndex('reports_reporter_id_kind_target_id_idx').on(table.reporterId, table.kind, table.targetId),
    // The queues: a community's (or the site's: null) open reports by item.
    index('reports_open_community_id_kind_target_id_idx').on(table.communityId, table.kind, table.targetId, table.createdAt).where(sql`${table.closedAt} is null`),
    // An item's open reports (a moderator's action).
    index('reports_open_kind_target_id_idx').on(table.kind, table.targetId).where(sql`${table.closedAt} is null`),
    // The cascades of a post's, a comment's and a person's deletion.
    index('reports_post_id_idx').on(table.postId),
    index('reports_comment_id_idx').on(table.commentId),
    index('reports_subject_id_idx').on(table.subjectId),
    check('reports_kind_check', sql`${table.kind} in ('post', 'comment', 'user')`),
    check('reports_reason_check', sql`${table.reason} in ('spam', 'harassment', 'stolen_photo', 'dangerous_driving', 'other')`),
  ],
);

/**
 * The moderation log: one line per action (dismissed, removed, suspended, unsuspended), written
 * once and never changed: a trigger (migration 0018) refuses every UPDATE and DELETE. No foreign
 * keys on purpose: deleting an account, a community or a post must not take its lines (nor could
 * it: a cascade is a DELETE), so the line keeps the ids and a snapshot of the names as they were.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').$type<'dismissed' | 'removed' | 'suspended' | 'unsuspended'>().notNull(),
    kind: text('kind').$type<'post' | 'comment' | 'user'>().notNull(),
    targetId: uuid('target_id').notNull(),
    actorId: uuid('actor_id').notNull(),
    actorUsername: text('actor_username').notNull(),
    actorFullName: text('actor_full_name').notNull(),
    subjectId: uuid('subject_id').notNull(),
    subjectUsername: text('subject_username').notNull(),
    subjectFullName: text('subject_full_name').notNull(),
    communityId: uuid('community_id'),
    communityName: text('community_name'),
    excerpt: text('excerpt').notNull(),
    reason: text('reason').notNull(),
    reportCount: integer('report_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // Newest first (scanned backwards).
    index('moderation_log_created_at_id_idx').on(table.createdAt, table.id),
    check('moderation_log_action_check', sql`${table.action} in ('dismissed', 'removed', 'suspended', 'unsuspended')`),
    check('moderation_log_kind_check', sql`${table.kind} in ('post', 'comment', 'user')`),
  ],
);
