ALTER TABLE "database"."extractions" ADD COLUMN "other_emails" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- Fill the column of records stored before it as readExtractionData reads them: the non-empty strings of
-- extraction_data.other_emails, in order (the extractor may have sent the key before this migration ran).
UPDATE "database"."extractions" SET
	"other_emails" = ARRAY(SELECT item #>> '{}' FROM jsonb_array_elements(extraction_data -> 'other_emails') WITH ORDINALITY AS list(item, position) WHERE jsonb_typeof(item) = 'string' AND item #>> '{}' <> '' ORDER BY position)
WHERE jsonb_typeof(extraction_data -> 'other_emails') = 'array';
