CREATE TABLE "review_alert" (
	"id" integer PRIMARY KEY NOT NULL,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_flags" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"flagged_by" uuid,
	"flagged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"object_type" text NOT NULL,
	"object_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason_code" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_photos" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_items_open_idx" ON "review_items" USING btree ("submitted_at") WHERE "review_items"."state" in ('pending', 'escalated');--> statement-breakpoint
CREATE INDEX "review_items_creator_idx" ON "review_items" USING btree ("creator_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_items_object_idx" ON "review_items" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "review_items_decided_idx" ON "review_items" USING btree ("decided_at");