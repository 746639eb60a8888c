-- btree_gin lets a GIN index start with the user id, so a text filter reads only the user's entries.
-- Like pg_trgm, it ships with PostgreSQL (and the embedded one) and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;
--> statement-breakpoint
-- Every two-character piece of the lower-case username and e-mail (repeats included: GIN drops them). A
-- row contains a two-character search, lower-cased, exactly when it is one of its pieces, so such a
-- search, which has no trigram, is still an index lookup. COST: a filter calling it on every row would
-- cost far more than the index; the planner must read it from the index.
CREATE FUNCTION database.short_search_pairs(username text, email text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 10000 AS $$
DECLARE
	value text;
	chars text[];
	pairs text[] := '{}';
	size integer;
BEGIN
	FOREACH value IN ARRAY ARRAY[lower(username), lower(email)] LOOP
		CONTINUE WHEN value IS NULL;
		chars := string_to_array(value, NULL);
		size := cardinality(pairs);
		FOR i IN 1 .. cardinality(chars) - 1 LOOP
			pairs[size + i] := chars[i] || chars[i + 1];
		END LOOP;
	END LOOP;
	RETURN pairs;
END
$$;
--> statement-breakpoint
-- pg_trgm behind the user id: a text filter reads the user's entries, not every user's.
DROP INDEX "database"."extractions_username_trgm_idx";
--> statement-breakpoint
DROP INDEX "database"."extractions_email_trgm_idx";
--> statement-breakpoint
DROP INDEX "database"."extractions_biography_trgm_idx";
--> statement-breakpoint
CREATE INDEX "extractions_user_username_trgm_idx" ON "database"."extractions" USING gin ("user_id","instagram_username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "extractions_user_email_trgm_idx" ON "database"."extractions" USING gin ("user_id","public_email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "extractions_user_biography_trgm_idx" ON "database"."extractions" USING gin ("user_id","biography" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "extractions_user_short_search_idx" ON "database"."extractions" USING gin ("user_id", database.short_search_pairs("instagram_username", "public_email"));
--> statement-breakpoint
-- A range or a category reads only its matching entries, and each carries every other non-text filter's
-- column and the list order's (INCLUDE), so the count and the page never read the table.
DROP INDEX "database"."extractions_user_followers_idx";
--> statement-breakpoint
CREATE INDEX "extractions_user_followers_idx" ON "database"."extractions" USING btree ("user_id","follower_count") INCLUDE ("created_at","id","public_email","following_count","media_count","is_verified","is_private","category");
--> statement-breakpoint
DROP INDEX "database"."extractions_user_following_idx";
--> statement-breakpoint
CREATE INDEX "extractions_user_following_idx" ON "database"."extractions" USING btree ("user_id","following_count") INCLUDE ("created_at","id","public_email","follower_count","media_count","is_verified","is_private","category");
--> statement-breakpoint
DROP INDEX "database"."extractions_user_media_idx";
--> statement-breakpoint
CREATE INDEX "extractions_user_media_idx" ON "database"."extractions" USING btree ("user_id","media_count") INCLUDE ("created_at","id","public_email","follower_count","following_count","is_verified","is_private","category");
--> statement-breakpoint
DROP INDEX "database"."extractions_user_category_idx";
--> statement-breakpoint
CREATE INDEX "extractions_user_category_idx" ON "database"."extractions" USING btree ("user_id","category") INCLUDE ("created_at","id","public_email","follower_count","following_count","media_count","is_verified","is_private");
--> statement-breakpoint
-- The list of the verified rows, and of the private ones, alone.
CREATE INDEX "extractions_user_verified_list_idx" ON "database"."extractions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category") WHERE "is_verified" IS TRUE;
--> statement-breakpoint
CREATE INDEX "extractions_user_private_list_idx" ON "database"."extractions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category") WHERE "is_private" IS TRUE;
--> statement-breakpoint
-- The user id alone, deduplicated and small: the count of all the user's rows.
CREATE INDEX "extractions_user_idx" ON "database"."extractions" USING btree ("user_id");
