ALTER TABLE "orders" ADD COLUMN "subtotal_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written (issue 17, shipping): orders placed before this change had no shipping; their subtotal is their total.
UPDATE "orders" SET "subtotal_cents" = "total_cents" WHERE "subtotal_cents" = 0 AND "shipping_cents" = 0;
