CREATE TABLE "age_assurances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"visitor_hash" text,
	"provider" text NOT NULL,
	"method" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"document_key" text,
	"selfie_key" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declared_locations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jurisdiction_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"effective_from" text NOT NULL,
	"law" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"uncertain" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "age_assurances" ADD CONSTRAINT "age_assurances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "age_assurances" ADD CONSTRAINT "age_assurances_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declared_locations" ADD CONSTRAINT "declared_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "age_assurances_user_idx" ON "age_assurances" USING btree ("user_id","decided_at");--> statement-breakpoint
CREATE INDEX "age_assurances_visitor_idx" ON "age_assurances" USING btree ("visitor_hash");--> statement-breakpoint
CREATE INDEX "age_assurances_pending_idx" ON "age_assurances" USING btree ("created_at") WHERE "age_assurances"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jurisdiction_rules_place_uq" ON "jurisdiction_rules" USING btree ("country","region");