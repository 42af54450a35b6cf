CREATE TABLE "feed_fanouts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_fanouts" ADD CONSTRAINT "feed_fanouts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deferred feed fan-out (modules/posts/fanout.ts): sql/feeds.sql again, its functions now leaving
-- pending posts (feed_fanouts) out of the kept feeds until feed_fanout(id) adds them.
--> include ../src/modules/posts/sql/feeds.sql
