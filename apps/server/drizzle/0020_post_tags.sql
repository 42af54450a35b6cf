CREATE TABLE "post_tags" (
	"tag" text COLLATE "C" NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"community_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_tags_pk" PRIMARY KEY("tag","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags_backfill" (
	"post_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_counts" (
	"tag" text COLLATE "C" PRIMARY KEY NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_tags_tag_created_at_post_id_idx" ON "post_tags" USING btree ("tag","created_at","post_id","author_id","community_id");--> statement-breakpoint
CREATE INDEX "post_tags_created_at_tag_idx" ON "post_tags" USING btree ("created_at","tag","author_id","community_id");--> statement-breakpoint
CREATE INDEX "post_tags_post_id_idx" ON "post_tags" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree ((lower("username"::text) collate "C"));--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" USING btree ((lower("full_name") collate "C"));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('like', 'comment', 'follow', 'removed', 'mention'));--> statement-breakpoint
--> include ../src/modules/tags/sql/tags.sql
--> statement-breakpoint
-- The posts written before tags existed: their tags are read at start-up by the contract's own
-- parser (modules/tags/backfill.ts), not by a regular expression of SQL that could disagree with it.
INSERT INTO "post_tags_backfill" ("post_id") SELECT "id" FROM "posts";
