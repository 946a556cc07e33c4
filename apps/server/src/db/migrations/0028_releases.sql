CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"media_ids" uuid[] NOT NULL,
	"performer_id" uuid,
	"display_name" text NOT NULL,
	"production_date" text NOT NULL,
	"invite_expires_at" timestamp with time zone,
	"legal_name" text,
	"aliases" text,
	"date_of_birth" text,
	"signed_date" text,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_user_agent" text,
	"content_hashes" jsonb,
	"identity_status" text DEFAULT 'none' NOT NULL,
	"identity_provider" text,
	"identity_external_id" text,
	"id_document_type" text,
	"id_document_number" text,
	"id_document_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"identity_checked_at" timestamp with time zone,
	"identity_checked_by" uuid,
	"identity_note" text,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "releases_media_idx" ON "releases" USING gin ("media_ids");--> statement-breakpoint
CREATE INDEX "releases_subject_idx" ON "releases" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "releases_creator_idx" ON "releases" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "releases_performer_idx" ON "releases" USING btree ("performer_id") WHERE "releases"."performer_id" is not null;