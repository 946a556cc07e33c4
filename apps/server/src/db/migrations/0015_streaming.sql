CREATE TABLE "creator_stream_settings" (
	"performer_id" uuid PRIMARY KEY NOT NULL,
	"stream_key" text NOT NULL,
	"private_price_cents" bigint DEFAULT 0 NOT NULL,
	"group_price_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"message" text,
	"price_cents" bigint NOT NULL,
	"session_id" uuid,
	"conversation_id" uuid,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_session_minutes" (
	"session_id" uuid NOT NULL,
	"minute_index" integer NOT NULL,
	"charge_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"charged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "private_session_minutes_session_id_minute_index_pk" PRIMARY KEY("session_id","minute_index")
);
--> statement-breakpoint
CREATE TABLE "private_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"price_cents" bigint NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"minutes_billed" integer DEFAULT 0 NOT NULL,
	"total_charged_cents" bigint DEFAULT 0 NOT NULL,
	"fan_joined_at" timestamp with time zone,
	"creator_joined_at" timestamp with time zone,
	"fan_seen_at" timestamp with time zone,
	"creator_seen_at" timestamp with time zone,
	"warned_minute" integer,
	"conversation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_viewers" (
	"stream_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_viewers_stream_id_user_id_pk" PRIMARY KEY("stream_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"chat_open" boolean DEFAULT true NOT NULL,
	"conversation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_stream_settings" ADD CONSTRAINT "creator_stream_settings_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_requests" ADD CONSTRAINT "private_requests_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_requests" ADD CONSTRAINT "private_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_session_minutes" ADD CONSTRAINT "private_session_minutes_session_id_private_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."private_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_sessions" ADD CONSTRAINT "private_sessions_request_id_private_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."private_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_sessions" ADD CONSTRAINT "private_sessions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_sessions" ADD CONSTRAINT "private_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD CONSTRAINT "stream_viewers_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD CONSTRAINT "stream_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_stream_settings_key_uq" ON "creator_stream_settings" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "private_requests_performer_idx" ON "private_requests" USING btree ("performer_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "private_requests_user_idx" ON "private_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "private_requests_open_uq" ON "private_requests" USING btree ("performer_id","user_id") WHERE "private_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "private_sessions_open_idx" ON "private_sessions" USING btree ("status") WHERE "private_sessions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "private_sessions_performer_idx" ON "private_sessions" USING btree ("performer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "private_sessions_user_idx" ON "private_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "streams_one_live_uq" ON "streams" USING btree ("performer_id") WHERE "streams"."status" = 'live';--> statement-breakpoint
CREATE INDEX "streams_live_idx" ON "streams" USING btree ("status","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "streams_performer_idx" ON "streams" USING btree ("performer_id","started_at" DESC NULLS LAST);