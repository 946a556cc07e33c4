CREATE TABLE "chargeback_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"month" text NOT NULL,
	"chargebacks" bigint NOT NULL,
	"sales" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chargebacks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"user_id" uuid NOT NULL,
	"creator_id" uuid,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"fee_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "processor_currency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "processor_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fx_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "chargeback_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chargeback_alerts_gateway_month_uq" ON "chargeback_alerts" USING btree ("gateway","month");--> statement-breakpoint
CREATE UNIQUE INDEX "chargebacks_payment_uq" ON "chargebacks" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "chargebacks_gateway_created_idx" ON "chargebacks" USING btree ("gateway","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_gateway_created_idx" ON "webhook_events" USING btree ("gateway","created_at");