ALTER TABLE "extractor"."extraction_runs" ADD COLUMN "emails_undeliverable" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Runs done before this count their undeliverable e-mails from their items, as the steps count them now.
UPDATE "extractor"."extraction_runs" AS runs SET "emails_undeliverable" = counted.n
FROM (SELECT "run_id", count(*)::int AS n FROM "extractor"."extraction_run_items" WHERE "email_check" ->> 'status' = 'undeliverable' GROUP BY "run_id") AS counted
WHERE counted."run_id" = runs."id";
