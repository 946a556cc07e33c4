CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"case_number" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"reporter_id" uuid,
	"reporter_ip" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"urls" jsonb NOT NULL,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"original_work" text,
	"good_faith" boolean NOT NULL,
	"signature" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"reply" text,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"due_soon_notified_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_case_number_unique" UNIQUE("case_number")
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_status_due_idx" ON "complaints" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at");