-- Runs and API idempotency keys belong to a workspace (docs/architecture.md §17). A personal workspace's
-- id is its user's id, so every existing row's workspace is its user_id; user_id stays as the member who
-- started the run (or sent the key). Lanes already carry their run's owner (`owner_id`, the same value).
ALTER TABLE "extractor"."extraction_runs" ADD COLUMN "owner_key" text;--> statement-breakpoint
UPDATE "extractor"."extraction_runs" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "extractor"."extraction_runs" ALTER COLUMN "owner_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "extractor"."api_idempotency_keys" ADD COLUMN "owner_key" text;--> statement-breakpoint
UPDATE "extractor"."api_idempotency_keys" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "extractor"."api_idempotency_keys" ALTER COLUMN "owner_key" SET NOT NULL;--> statement-breakpoint
-- An Idempotency-Key is the workspace's: two members' clients retrying with one key get one run.
ALTER TABLE "extractor"."api_idempotency_keys" DROP CONSTRAINT "api_idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "extractor"."api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_owner_key_key_pk" PRIMARY KEY("owner_key","key");--> statement-breakpoint
DROP INDEX "extractor"."extraction_runs_user_created_idx";--> statement-breakpoint
DROP INDEX "extractor"."extraction_runs_user_active_idx";--> statement-breakpoint
CREATE INDEX "extraction_runs_owner_created_idx" ON "extractor"."extraction_runs" USING btree ("owner_key","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "extraction_runs_owner_active_idx" ON "extractor"."extraction_runs" USING btree ("owner_key") WHERE status in ('queued', 'running');--> statement-breakpoint
-- The erasure finds what a member did in any workspace.
CREATE INDEX "extraction_runs_user_idx" ON "extractor"."extraction_runs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_user_idx" ON "extractor"."api_idempotency_keys" USING btree ("user_id");
