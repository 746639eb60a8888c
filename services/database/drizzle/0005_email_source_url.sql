ALTER TABLE "database"."extractions" ADD COLUMN "email_source_url" text;--> statement-breakpoint
-- Records stored before the column: the page is in the provenance of e-mails found on a website.
UPDATE "database"."extractions" SET "email_source_url" = extraction_data -> 'email_provenance' ->> 'sourceUrl'
WHERE extraction_data -> 'email_provenance' ->> 'field' = 'website'
	AND jsonb_typeof(extraction_data -> 'email_provenance' -> 'sourceUrl') = 'string';
