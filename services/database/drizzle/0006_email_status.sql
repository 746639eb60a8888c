-- Each saved e-mail's deliverability (docs/architecture.md §14): its last verdict, the status copied
-- out for the "Deliverable only" filter, the run that recorded it (so a re-check can refund its credit)
-- and the last re-check the user asked for. Records saved before this have none of them.
ALTER TABLE "database"."extractions" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "email_status" text;--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "email_check" jsonb;--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "email_rechecked_at" timestamp with time zone;--> statement-breakpoint
-- The list of the deliverable rows alone, carrying the other filters' columns like the verified and
-- private lists (migration 0003), so the filtered page and its count are index-only.
CREATE INDEX "extractions_user_deliverable_list_idx" ON "database"."extractions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category") WHERE "email_status" = 'deliverable';
