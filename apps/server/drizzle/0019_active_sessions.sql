ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_unique" ON "sessions" USING btree ("public_id");--> statement-breakpoint
-- Active sessions (issue 19): a session signed in before this migration was last used when its
-- sliding expiry last moved, 30 days (SESSION_LIFETIME_MS) before it runs out; not "now".
UPDATE "sessions" SET "last_used_at" = GREATEST("created_at", "expires_at" - interval '30 days');
