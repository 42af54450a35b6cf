CREATE TABLE "feed_pulled_authors" (
	"author_id" uuid PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Pulled authors (modules/posts/fanout.ts): sql/feeds.sql again, its functions leaving the posts
-- of feed_pulled_authors out of the kept feeds (they are read at read time).
--> include ../src/modules/posts/sql/feeds.sql
