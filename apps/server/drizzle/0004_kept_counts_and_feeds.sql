CREATE TABLE "community_post_counts" (
	"community_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"post_count" integer NOT NULL,
	CONSTRAINT "community_post_counts_pk" PRIMARY KEY("community_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "feed_entries" (
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"post_id" uuid NOT NULL,
	CONSTRAINT "feed_entries_pk" PRIMARY KEY("owner_id","created_at","post_id")
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"horizon_created_at" timestamp with time zone,
	"horizon_post_id" uuid
);
--> statement-breakpoint
CREATE TABLE "post_cards" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid,
	"head" text NOT NULL,
	"likes" text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_post_counts" (
	"author_id" uuid PRIMARY KEY NOT NULL,
	"post_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_post_totals" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"post_count" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "posts_title_trgm_gist_idx";--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "post_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_entries" ADD CONSTRAINT "feed_entries_owner_id_feeds_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."feeds"("owner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_cards" ADD CONSTRAINT "post_cards_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_title_trgm_gist_idx" ON "posts" USING gist ("title" gist_trgm_ops(siglen=64));