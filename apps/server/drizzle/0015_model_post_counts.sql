CREATE TABLE "model_post_counts" (
	"make_key" text NOT NULL,
	"model_key" text NOT NULL,
	"community_id" uuid NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "model_post_counts_pk" PRIMARY KEY("make_key","model_key","community_id")
);
--> statement-breakpoint
--> include ../src/modules/garage/sql/counts.sql
--> statement-breakpoint
-- The triggers that keep it are in modules/garage/sql/counts.sql; the posts already tagged counted.
SELECT rebuild_model_post_counts();
--> statement-breakpoint
-- A model's page matches lower(make_name) and lower(model_name) together: without statistics of the
-- pair, PostgreSQL takes the two as independent, guesses ~100 cars for a model 2,000 people own and
-- reads all their posts to sort them, where reading the newest posts until a page is full is 10× faster.
CREATE STATISTICS IF NOT EXISTS "cars_model_names_stats" (mcv) ON lower("make_name"), lower("model_name") FROM "cars";
--> statement-breakpoint
-- Statistics are gathered by ANALYZE, not by their creation.
ANALYZE "cars";
