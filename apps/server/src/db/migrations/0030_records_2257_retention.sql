CREATE TABLE "records_2257_people" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"aliases" text DEFAULT '' NOT NULL,
	"date_of_birth" text,
	"verification_status" text DEFAULT '' NOT NULL,
	"verification_provider" text,
	"verified_at" timestamp with time zone,
	"id_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_created_at" timestamp with time zone,
	"erased_at" timestamp with time zone NOT NULL,
	"retain_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "retain_until" timestamp with time zone;