ALTER TABLE "private_sessions" ADD COLUMN "sampled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "private_sessions" ADD COLUMN "sample_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "private_sessions" ADD COLUMN "sample_reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "monitor_flag" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
CREATE INDEX "private_sessions_sampled_idx" ON "private_sessions" USING btree ("sampled_at" DESC NULLS LAST) WHERE "private_sessions"."sampled_at" is not null;