-- Every found e-mail gets a deliverability verdict (docs/architecture.md §14). Items done before this
-- have none and are not pending: nothing is checked or refunded after the fact.
ALTER TABLE "extractor"."extraction_run_items" ADD COLUMN "email_check" jsonb;--> statement-breakpoint
ALTER TABLE "extractor"."extraction_run_items" ADD COLUMN "email_check_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "extraction_run_items_email_check_pending_idx" ON "extractor"."extraction_run_items" USING btree ("finished_at") WHERE email_check_pending;