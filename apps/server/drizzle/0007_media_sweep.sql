CREATE TABLE "media_sweep" (
	"key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_sweep_due_at_idx" ON "media_sweep" USING btree ("due_at");