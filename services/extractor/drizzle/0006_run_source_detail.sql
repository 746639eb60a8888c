ALTER TABLE "extractor"."extraction_runs" ADD COLUMN "source_detail" text;--> statement-breakpoint
ALTER TABLE "extractor"."extraction_runs" ADD COLUMN "first_usernames" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Runs started before this migration are named by their first three accounts too.
UPDATE "extractor"."extraction_runs" AS "run" SET "first_usernames" = coalesce((
  SELECT jsonb_agg("first"."username" ORDER BY "first"."position")
  FROM (
    SELECT "item"."username", "item"."position" FROM "extractor"."extraction_run_items" AS "item"
    WHERE "item"."run_id" = "run"."id" ORDER BY "item"."position" LIMIT 3
  ) AS "first"
), '[]'::jsonb);
