ALTER TABLE "subscriptions" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE INDEX "subscriptions_external_idx" ON "subscriptions" USING btree ("external_id");