CREATE TABLE "leak_cases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"media_id" uuid NOT NULL,
	"creator_id" uuid,
	"found_at_url" text NOT NULL,
	"original_url" text NOT NULL,
	"viewer_id" uuid,
	"segments_read" integer NOT NULL,
	"mismatches" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"viewer_suspended_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leak_cases" ADD CONSTRAINT "leak_cases_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_cases" ADD CONSTRAINT "leak_cases_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_cases" ADD CONSTRAINT "leak_cases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;