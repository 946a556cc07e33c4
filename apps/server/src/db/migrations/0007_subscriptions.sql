CREATE TABLE "subscription_offers" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"three_months_discount" integer,
	"six_months_discount" integer,
	"promo_percent" integer,
	"promo_ends_at" timestamp with time zone,
	"promo_limit" integer,
	"promo_used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_offers_promo_cap" CHECK ("subscription_offers"."promo_limit" is null or "subscription_offers"."promo_used" <= "subscription_offers"."promo_limit")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_method" text NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"started_at" timestamp with time zone,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"renewal_price_cents" bigint DEFAULT 0 NOT NULL,
	"last_paid_cents" bigint DEFAULT 0 NOT NULL,
	"total_paid_cents" bigint DEFAULT 0 NOT NULL,
	"paid_periods" integer DEFAULT 0 NOT NULL,
	"free_used_at" timestamp with time zone,
	"renewal_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"notice_sent_for" timestamp with time zone,
	"pending_payment_id" uuid,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_offers" ADD CONSTRAINT "subscription_offers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_creator_uq" ON "subscriptions" USING btree ("user_id","creator_id");--> statement-breakpoint
CREATE INDEX "subscriptions_creator_status_idx" ON "subscriptions" USING btree ("creator_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_updated_idx" ON "subscriptions" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" in ('active', 'cancelled');