DROP INDEX "comments_author_id_idx";--> statement-breakpoint
CREATE INDEX "comments_author_id_created_at_id_idx" ON "comments" USING btree ("author_id","created_at","id");