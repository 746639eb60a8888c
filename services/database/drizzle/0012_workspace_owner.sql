-- Workspaces own the data (docs/architecture.md §17): every record and lead list gets `owner_key`, the
-- workspace it belongs to, filled from `user_id` (a personal workspace's id is its user's id, so every
-- row lands in the workspace it already belonged to). `user_id` stays as the member who extracted or
-- created it; it may be null from now on (a member who erased their account: the row stays with the
-- workspace). The opt-out removal counts were always per owner: their key is renamed.
-- Every index of the two tables that led with user_id is built again below: give their sorts room
-- (this transaction only).
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
ALTER TABLE "database"."opt_out_removals" RENAME COLUMN "user_id" TO "owner_key";--> statement-breakpoint
-- The per-user indexes go first, so filling the new column does not update them row by row; each is
-- built again behind `owner_key`, with the same INCLUDE and partial conditions (migrations 0003, 0006).
ALTER TABLE "database"."extractions" DROP CONSTRAINT "extractions_user_username_unique";--> statement-breakpoint
DROP INDEX "database"."extractions_user_list_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_verified_list_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_private_list_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_deliverable_list_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_followers_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_following_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_media_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_category_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_username_trgm_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_email_trgm_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_biography_trgm_idx";--> statement-breakpoint
DROP INDEX "database"."extractions_user_short_search_idx";--> statement-breakpoint
DROP INDEX "database"."lead_lists_user_name_unique";--> statement-breakpoint
DROP INDEX "database"."lead_lists_user_created_idx";--> statement-breakpoint
ALTER TABLE "database"."extractions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "database"."lead_lists" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD COLUMN "owner_key" text;--> statement-breakpoint
UPDATE "database"."extractions" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "database"."extractions" ALTER COLUMN "owner_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "database"."lead_lists" ADD COLUMN "owner_key" text;--> statement-breakpoint
UPDATE "database"."lead_lists" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "database"."lead_lists" ALTER COLUMN "owner_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "database"."extractions" ADD CONSTRAINT "extractions_owner_username_unique" UNIQUE("owner_key","instagram_username");--> statement-breakpoint
CREATE INDEX "extractions_owner_list_idx" ON "database"."extractions" USING btree ("owner_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category");--> statement-breakpoint
CREATE INDEX "extractions_owner_verified_list_idx" ON "database"."extractions" USING btree ("owner_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category") WHERE "is_verified" IS TRUE;--> statement-breakpoint
CREATE INDEX "extractions_owner_private_list_idx" ON "database"."extractions" USING btree ("owner_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category") WHERE "is_private" IS TRUE;--> statement-breakpoint
CREATE INDEX "extractions_owner_deliverable_list_idx" ON "database"."extractions" USING btree ("owner_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category") WHERE "email_status" = 'deliverable';--> statement-breakpoint
CREATE INDEX "extractions_owner_followers_idx" ON "database"."extractions" USING btree ("owner_key","follower_count") INCLUDE ("created_at","id","public_email","following_count","media_count","is_verified","is_private","category");--> statement-breakpoint
CREATE INDEX "extractions_owner_following_idx" ON "database"."extractions" USING btree ("owner_key","following_count") INCLUDE ("created_at","id","public_email","follower_count","media_count","is_verified","is_private","category");--> statement-breakpoint
CREATE INDEX "extractions_owner_media_idx" ON "database"."extractions" USING btree ("owner_key","media_count") INCLUDE ("created_at","id","public_email","follower_count","following_count","is_verified","is_private","category");--> statement-breakpoint
CREATE INDEX "extractions_owner_category_idx" ON "database"."extractions" USING btree ("owner_key","category") INCLUDE ("created_at","id","public_email","follower_count","following_count","media_count","is_verified","is_private");--> statement-breakpoint
CREATE INDEX "extractions_owner_idx" ON "database"."extractions" USING btree ("owner_key");--> statement-breakpoint
-- "Extracted by" (the member filter): one member's rows of the workspace, in the list order, carrying
-- the other filters' columns like the list index.
CREATE INDEX "extractions_owner_member_list_idx" ON "database"."extractions" USING btree ("owner_key","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("public_email","follower_count","following_count","media_count","is_verified","is_private","category");--> statement-breakpoint
CREATE INDEX "extractions_owner_username_trgm_idx" ON "database"."extractions" USING gin ("owner_key","instagram_username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "extractions_owner_email_trgm_idx" ON "database"."extractions" USING gin ("owner_key","public_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "extractions_owner_biography_trgm_idx" ON "database"."extractions" USING gin ("owner_key","biography" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "extractions_owner_short_search_idx" ON "database"."extractions" USING gin ("owner_key",database.short_search_pairs("instagram_username", "public_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "lead_lists_owner_name_unique" ON "database"."lead_lists" USING btree ("owner_key",lower("name"));--> statement-breakpoint
CREATE INDEX "lead_lists_owner_created_idx" ON "database"."lead_lists" USING btree ("owner_key","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- A member's lists in every workspace (records have `extractions_user_idx`): the erasure of their
-- account clears them.
CREATE INDEX "lead_lists_user_idx" ON "database"."lead_lists" USING btree ("user_id");
