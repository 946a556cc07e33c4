ALTER TABLE "comments" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "takedown_reason" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "takedown_reason" text;--> statement-breakpoint
ALTER TABLE "content_photos" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_photos" ADD COLUMN "takedown_reason" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "takedown_reason" text;