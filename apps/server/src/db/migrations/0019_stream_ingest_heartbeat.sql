ALTER TABLE "streams" ADD COLUMN "ingest_node" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "ingest_seen_at" timestamp with time zone;