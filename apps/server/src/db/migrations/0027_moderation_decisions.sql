CREATE TABLE "decision_appeals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"decision_id" uuid NOT NULL,
	"user_id" uuid,
	"text" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"facts" text NOT NULL,
	"ground" text NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"notice_type" text,
	"notice_id" uuid,
	"notice_received_at" timestamp with time zone,
	"notifier_id" uuid,
	"decided_by_id" uuid,
	"state" text DEFAULT 'in_force' NOT NULL,
	"ended_at" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decision_appeals" ADD CONSTRAINT "decision_appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_appeals" ADD CONSTRAINT "decision_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_appeals" ADD CONSTRAINT "decision_appeals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_notifier_id_users_id_fk" FOREIGN KEY ("notifier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decision_appeals_decision_uq" ON "decision_appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "decision_appeals_state_idx" ON "decision_appeals" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "decision_appeals_created_idx" ON "decision_appeals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_user_idx" ON "moderation_decisions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_created_idx" ON "moderation_decisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_target_idx" ON "moderation_decisions" USING btree ("target_type","target_id","state");