CREATE TABLE "car_log_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"date" date NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"mileage" integer,
	"mileage_unit" text DEFAULT 'km' NOT NULL,
	"cost" numeric(10, 2),
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"logged_at" timestamp with time zone GENERATED ALWAYS AS ((date + (created_at at time zone 'UTC')::time) at time zone 'UTC') STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_log_images" (
	"entry_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	CONSTRAINT "car_log_images_pk" PRIMARY KEY("entry_id","position")
);
--> statement-breakpoint
CREATE TABLE "car_makes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_models" (
	"id" integer PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"make_id" integer,
	"model_id" integer,
	"make_name" text NOT NULL,
	"model_name" text NOT NULL,
	"year" integer NOT NULL,
	"trim" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"cover_url" text,
	"cover_alt" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "car_id" uuid;--> statement-breakpoint
ALTER TABLE "car_log_entries" ADD CONSTRAINT "car_log_entries_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_log_images" ADD CONSTRAINT "car_log_images_entry_id_car_log_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."car_log_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_models" ADD CONSTRAINT "car_models_make_id_car_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."car_makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_make_id_car_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."car_makes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_log_entries_car_id_logged_at_id_idx" ON "car_log_entries" USING btree ("car_id","logged_at","id");--> statement-breakpoint
CREATE INDEX "car_makes_name_idx" ON "car_makes" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "car_models_make_id_name_idx" ON "car_models" USING btree ("make_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cars_owner_id_created_at_id_idx" ON "cars" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cars_model_created_at_id_idx" ON "cars" USING btree (lower("make_name"),lower("model_name"),"created_at","id");--> statement-breakpoint
CREATE INDEX "cars_label_trgm_idx" ON "cars" USING gin (("year"::text || ' ' || "make_name" || ' ' || "model_name" || ' ' || "trim") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cars_make_model_trgm_idx" ON "cars" USING gin (("make_name" || ' ' || "model_name") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_car_id_created_at_id_idx" ON "posts" USING btree ("car_id","created_at","id");