CREATE TABLE "content_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"visibility" text DEFAULT 'subscribers' NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"video_id" uuid,
	"teaser_id" uuid,
	"thumbnail_id" uuid,
	"file_id" uuid,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"bookmarks" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"cover_photo_id" uuid,
	"num_photos" integer DEFAULT 0 NOT NULL,
	"participant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rent_price_cents" bigint,
	"rent_days" integer,
	"category_id" uuid,
	"product_type" text,
	"stock" integer,
	"shipping_fee_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gallery_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_photos" ADD CONSTRAINT "content_photos_gallery_id_content_items_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_photos" ADD CONSTRAINT "content_photos_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_categories_slug_uq" ON "content_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "content_categories_position_idx" ON "content_categories" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_type_slug_uq" ON "content_items" USING btree ("type","slug");--> statement-breakpoint
CREATE INDEX "content_items_creator_updated_idx" ON "content_items" USING btree ("creator_id","type","updated_at");--> statement-breakpoint
CREATE INDEX "content_items_creator_published_idx" ON "content_items" USING btree ("creator_id","type","published_at");--> statement-breakpoint
CREATE INDEX "content_items_type_updated_idx" ON "content_items" USING btree ("type","status","updated_at");--> statement-breakpoint
CREATE INDEX "content_items_type_created_idx" ON "content_items" USING btree ("type","status","created_at");--> statement-breakpoint
CREATE INDEX "content_items_type_published_idx" ON "content_items" USING btree ("type","status","published_at");--> statement-breakpoint
CREATE INDEX "content_items_type_price_idx" ON "content_items" USING btree ("type","status","price_cents");--> statement-breakpoint
CREATE INDEX "content_items_type_views_idx" ON "content_items" USING btree ("type","status","views");--> statement-breakpoint
CREATE INDEX "content_items_type_title_idx" ON "content_items" USING btree ("type","status","title");--> statement-breakpoint
CREATE INDEX "content_items_type_category_idx" ON "content_items" USING btree ("type","category_id");--> statement-breakpoint
CREATE INDEX "content_items_tags_idx" ON "content_items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "content_items_search_idx" ON "content_items" USING gin (to_tsvector('simple', "title" || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "content_photos_gallery_idx" ON "content_photos" USING btree ("gallery_id","position");--> statement-breakpoint
CREATE INDEX "content_photos_creator_idx" ON "content_photos" USING btree ("creator_id","created_at");