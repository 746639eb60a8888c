DROP INDEX "database"."extractions_user_created_idx";
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "item_id" uuid;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "full_name" text;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "public_email" text;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "follower_count" integer;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "following_count" integer;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "media_count" integer;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "is_verified" boolean;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "is_private" boolean;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "category" text;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "biography" text;
--> statement-breakpoint
-- Fill the typed columns of records stored before them, reading the older keys (followers, following,
-- bio, display_name) where the new ones are missing, as readExtractionData does for new records.
UPDATE "database"."extractions" SET
	"full_name" = COALESCE(NULLIF(CASE WHEN jsonb_typeof(extraction_data -> 'full_name') = 'string' THEN extraction_data -> 'full_name' #>> '{}' END, ''), NULLIF(CASE WHEN jsonb_typeof(extraction_data -> 'display_name') = 'string' THEN extraction_data -> 'display_name' #>> '{}' END, '')),
	"public_email" = NULLIF(CASE WHEN jsonb_typeof(extraction_data -> 'public_email') = 'string' THEN extraction_data -> 'public_email' #>> '{}' END, ''),
	"follower_count" = COALESCE((SELECT CASE WHEN n >= 0 AND n < 2147483648 THEN trunc(n)::integer END FROM (SELECT CASE WHEN jsonb_typeof(extraction_data -> 'follower_count') = 'number' THEN (extraction_data -> 'follower_count')::numeric WHEN jsonb_typeof(extraction_data -> 'follower_count') = 'string' AND btrim(extraction_data -> 'follower_count' #>> '{}') ~ '^[0-9]+(\.[0-9]+)?$' THEN btrim(extraction_data -> 'follower_count' #>> '{}')::numeric END AS n) AS parsed), (SELECT CASE WHEN n >= 0 AND n < 2147483648 THEN trunc(n)::integer END FROM (SELECT CASE WHEN jsonb_typeof(extraction_data -> 'followers') = 'number' THEN (extraction_data -> 'followers')::numeric WHEN jsonb_typeof(extraction_data -> 'followers') = 'string' AND btrim(extraction_data -> 'followers' #>> '{}') ~ '^[0-9]+(\.[0-9]+)?$' THEN btrim(extraction_data -> 'followers' #>> '{}')::numeric END AS n) AS parsed)),
	"following_count" = COALESCE((SELECT CASE WHEN n >= 0 AND n < 2147483648 THEN trunc(n)::integer END FROM (SELECT CASE WHEN jsonb_typeof(extraction_data -> 'following_count') = 'number' THEN (extraction_data -> 'following_count')::numeric WHEN jsonb_typeof(extraction_data -> 'following_count') = 'string' AND btrim(extraction_data -> 'following_count' #>> '{}') ~ '^[0-9]+(\.[0-9]+)?$' THEN btrim(extraction_data -> 'following_count' #>> '{}')::numeric END AS n) AS parsed), (SELECT CASE WHEN n >= 0 AND n < 2147483648 THEN trunc(n)::integer END FROM (SELECT CASE WHEN jsonb_typeof(extraction_data -> 'following') = 'number' THEN (extraction_data -> 'following')::numeric WHEN jsonb_typeof(extraction_data -> 'following') = 'string' AND btrim(extraction_data -> 'following' #>> '{}') ~ '^[0-9]+(\.[0-9]+)?$' THEN btrim(extraction_data -> 'following' #>> '{}')::numeric END AS n) AS parsed)),
	"media_count" = (SELECT CASE WHEN n >= 0 AND n < 2147483648 THEN trunc(n)::integer END FROM (SELECT CASE WHEN jsonb_typeof(extraction_data -> 'media_count') = 'number' THEN (extraction_data -> 'media_count')::numeric WHEN jsonb_typeof(extraction_data -> 'media_count') = 'string' AND btrim(extraction_data -> 'media_count' #>> '{}') ~ '^[0-9]+(\.[0-9]+)?$' THEN btrim(extraction_data -> 'media_count' #>> '{}')::numeric END AS n) AS parsed),
	"is_verified" = CASE WHEN jsonb_typeof(extraction_data -> 'is_verified') = 'boolean' THEN (extraction_data -> 'is_verified')::boolean END,
	"is_private" = CASE WHEN jsonb_typeof(extraction_data -> 'is_private') = 'boolean' THEN (extraction_data -> 'is_private')::boolean END,
	"category" = NULLIF(CASE WHEN jsonb_typeof(extraction_data -> 'category') = 'string' THEN extraction_data -> 'category' #>> '{}' END, ''),
	"biography" = COALESCE(NULLIF(CASE WHEN jsonb_typeof(extraction_data -> 'biography') = 'string' THEN extraction_data -> 'biography' #>> '{}' END, ''), NULLIF(CASE WHEN jsonb_typeof(extraction_data -> 'bio') = 'string' THEN extraction_data -> 'bio' #>> '{}' END, ''));
--> statement-breakpoint
-- Trigram indexes make ILIKE '%…%' (search, bio keywords) an index lookup. pg_trgm ships with
-- PostgreSQL (and the embedded one) and is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD CONSTRAINT "extractions_item_id_unique" UNIQUE("item_id");
--> statement-breakpoint
CREATE INDEX "extractions_user_list_idx" ON "database"."extractions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category");
--> statement-breakpoint
CREATE INDEX "extractions_user_followers_idx" ON "database"."extractions" USING btree ("user_id","follower_count");
--> statement-breakpoint
CREATE INDEX "extractions_user_following_idx" ON "database"."extractions" USING btree ("user_id","following_count");
--> statement-breakpoint
CREATE INDEX "extractions_user_media_idx" ON "database"."extractions" USING btree ("user_id","media_count");
--> statement-breakpoint
CREATE INDEX "extractions_user_category_idx" ON "database"."extractions" USING btree ("user_id","category");
--> statement-breakpoint
CREATE INDEX "extractions_username_trgm_idx" ON "database"."extractions" USING gin ("instagram_username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "extractions_email_trgm_idx" ON "database"."extractions" USING gin ("public_email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "extractions_biography_trgm_idx" ON "database"."extractions" USING gin ("biography" gin_trgm_ops);