-- btree_gin lets a GIN index start with the user id, so a text filter reads only the user's entries.
-- Like pg_trgm, it ships with PostgreSQL (and the embedded one) and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;
--> statement-breakpoint
-- Every piece of one or two characters of the lower-case username and e-mail (with repeats, which GIN
-- drops). A search of one or two characters matches a row exactly when its lower-case text is one of
-- them, so such a search, which has no trigram, is still an index lookup.
CREATE FUNCTION database.short_search_grams(username text, email text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
	value text;
	chars text[];
	grams text[] := '{}';
	size integer;
BEGIN
	FOREACH value IN ARRAY ARRAY[lower(username), lower(email)] LOOP
		CONTINUE WHEN value IS NULL;
		chars := string_to_array(value, NULL);
		grams := grams || chars;
		size := cardinality(grams);
		FOR i IN 1 .. cardinality(chars) - 1 LOOP
			grams[size + i] := chars[i] || chars[i + 1];
		END LOOP;
	END LOOP;
	RETURN grams;
END
$$;
--> statement-breakpoint
DROP INDEX "database"."extractions_username_trgm_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_email_trgm_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_biography_trgm_idx";--> statement-breakpoint
CREATE INDEX "extractions_user_username_trgm_idx" ON "database"."extractions" USING gin ("user_id","instagram_username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "extractions_user_email_trgm_idx" ON "database"."extractions" USING gin ("user_id","public_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "extractions_user_biography_trgm_idx" ON "database"."extractions" USING gin ("user_id","biography" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "extractions_user_short_search_idx" ON "database"."extractions" USING gin ("user_id", database.short_search_grams("instagram_username", "public_email"));