DROP INDEX "performers_search_trgm_idx";--> statement-breakpoint
DROP INDEX "performers_followers_idx";--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "performers_listed_followers_idx" ON "performers" USING btree ("followers_count","user_id") WHERE "performers"."listed";--> statement-breakpoint
CREATE INDEX "performers_listed_created_idx" ON "performers" USING btree ("created_at","user_id") WHERE "performers"."listed";--> statement-breakpoint
CREATE INDEX "performers_listed_trgm_idx" ON "performers" USING gin ("search_text" gin_trgm_ops) WHERE "performers"."listed";--> statement-breakpoint
CREATE INDEX "performers_listed_country_gender_idx" ON "performers" USING btree ("country","gender") WHERE "performers"."listed";--> statement-breakpoint
CREATE INDEX "performers_listed_gender_idx" ON "performers" USING btree ("gender") WHERE "performers"."listed";--> statement-breakpoint
-- Discovery (hand-written): performers.listed = the account is an active performer with a username, kept by
-- triggers so every writer (accounts, admin, seeds) keeps it right; the discovery indexes are partial on it.
CREATE OR REPLACE FUNCTION performers_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND status = 'active' AND role = 'performer' AND username IS NOT NULL);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER performers_listed_trg BEFORE INSERT OR UPDATE OF user_id, listed ON performers FOR EACH ROW EXECUTE FUNCTION performers_listed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_performers_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE performers SET listed = (NEW.status = 'active' AND NEW.role = 'performer' AND NEW.username IS NOT NULL)
    WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_performers_listed_trg AFTER UPDATE OF status, role, username ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION users_performers_listed();--> statement-breakpoint
UPDATE performers p SET listed = (u.status = 'active' AND u.role = 'performer' AND u.username IS NOT NULL) FROM users u WHERE u.id = p.user_id;
