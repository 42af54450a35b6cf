CREATE TABLE "meet_rsvps" (
	"meet_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rsvp" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_rsvps_pk" PRIMARY KEY("meet_id","user_id"),
	CONSTRAINT "meet_rsvps_rsvp_check" CHECK ("meet_rsvps"."rsvp" in ('going', 'interested'))
);
--> statement-breakpoint
CREATE TABLE "meets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"community_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"cover_url" text,
	"cover_alt" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"reminded_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meets_status_check" CHECK ("meets"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "meets_ends_after_start_check" CHECK ("meets"."ends_at" > "meets"."starts_at"),
	CONSTRAINT "meets_coordinates_check" CHECK (("meets"."latitude" is null) = ("meets"."longitude" is null)
    and ("meets"."latitude" is null or "meets"."latitude" between -90 and 90)
    and ("meets"."longitude" is null or "meets"."longitude" between -180 and 180))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "meet_id" uuid;--> statement-breakpoint
ALTER TABLE "meet_rsvps" ADD CONSTRAINT "meet_rsvps_meet_id_meets_id_fk" FOREIGN KEY ("meet_id") REFERENCES "public"."meets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_rsvps" ADD CONSTRAINT "meet_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meets" ADD CONSTRAINT "meets_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meets" ADD CONSTRAINT "meets_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meet_rsvps_meet_id_rsvp_created_at_idx" ON "meet_rsvps" USING btree ("meet_id","rsvp","created_at","user_id");--> statement-breakpoint
CREATE INDEX "meet_rsvps_user_id_idx" ON "meet_rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meets_community_id_ends_at_idx" ON "meets" USING btree ("community_id","ends_at");--> statement-breakpoint
CREATE INDEX "meets_starts_at_idx" ON "meets" USING btree ("starts_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "meets_creator_id_created_at_id_idx" ON "meets" USING btree ("creator_id","created_at","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_meet_id_meets_id_fk" FOREIGN KEY ("meet_id") REFERENCES "public"."meets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_meet_id_idx" ON "notifications" USING btree ("meet_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('like', 'comment', 'follow', 'removed', 'mention', 'meet-reminder', 'meet-changed', 'meet-cancelled'));