ALTER TABLE "post_images" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "require_photo_descriptions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Photo descriptions (issue 18, modules/posts/README.md): the cards' view now sends each image's
-- `alt`; every kept card is written again so existing posts carry theirs (empty) too.
--> include ../src/modules/posts/sql/cards.sql
--> statement-breakpoint
SELECT rebuild_post_cards();
