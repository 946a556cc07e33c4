CREATE TABLE "payout_request_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"actor_id" uuid,
	"by" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"details_sealed" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_note" text,
	"admin_note" text,
	"reference" text,
	"paid_transaction_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank_sealed" text,
	"paypal_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_request_events" ADD CONSTRAINT "payout_request_events_request_id_payout_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payout_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_request_events_request_idx" ON "payout_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_one_open_uq" ON "payout_requests" USING btree ("creator_id") WHERE "payout_requests"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_paid_tx_uq" ON "payout_requests" USING btree ("paid_transaction_id");--> statement-breakpoint
CREATE INDEX "payout_requests_creator_idx" ON "payout_requests" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_requests_status_idx" ON "payout_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "performers" DROP COLUMN "banking_settings";--> statement-breakpoint
ALTER TABLE "performers" DROP COLUMN "payment_gateway_settings";