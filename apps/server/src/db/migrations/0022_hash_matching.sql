CREATE TABLE "hash_list_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "hash_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"source" text DEFAULT 'operator' NOT NULL,
	"threshold" integer DEFAULT 31 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hash_matches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"email" text,
	"ip" text,
	"user_agent" text,
	"uploaded_at" timestamp with time zone NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"md5" text NOT NULL,
	"pdq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hits" jsonb NOT NULL,
	"evidence_key" text,
	"retain_until" timestamp with time zone NOT NULL,
	"evidence_deleted_at" timestamp with time zone,
	"report" jsonb NOT NULL,
	"report_status" text DEFAULT 'draft' NOT NULL,
	"ncmec_report_id" text,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_hashes" (
	"media_id" uuid PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"md5" text NOT NULL,
	"pdq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hash_list_entries" ADD CONSTRAINT "hash_list_entries_list_id_hash_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."hash_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hash_matches" ADD CONSTRAINT "hash_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_hashes" ADD CONSTRAINT "media_hashes_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hash_list_entries_list_value_idx" ON "hash_list_entries" USING btree ("list_id","kind","value");--> statement-breakpoint
CREATE INDEX "hash_list_entries_value_idx" ON "hash_list_entries" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "hash_matches_created_idx" ON "hash_matches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "hash_matches_user_idx" ON "hash_matches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "media_hashes_sha256_idx" ON "media_hashes" USING btree ("sha256");