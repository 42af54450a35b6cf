-- Extensions the schema relies on. drizzle-kit does not manage extensions, so this is a
-- custom migration. PGlite must be created with the same extensions loaded
-- (src/db/client.ts); on PostgreSQL both are "trusted", so the database owner may create them.
--   pg_trgm: trigram indexes for search (users, posts).
--   citext:  case-insensitive text for usernames and e-mail addresses.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
