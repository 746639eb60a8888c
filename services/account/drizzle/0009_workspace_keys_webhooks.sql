-- API keys and webhook endpoints belong to a workspace (docs/architecture.md §17): owner_key is the
-- workspace, user_id the member who made the row. A personal workspace's id is its user's id, so
-- owner_key = user_id for every existing row. Forward only, as this service's migrations are.
-- A user somehow without a personal workspace gets one first (as migration 0008 did), so the new
-- foreign keys hold.
INSERT INTO "account"."organization" ("id", "name", "slug", "created_at")
SELECT u."id", u."name", u."id", u."created_at" FROM "account"."user" u
WHERE u."id" IN (SELECT "user_id" FROM "account"."api_keys" UNION SELECT "user_id" FROM "account"."webhook_endpoints"
                 UNION SELECT "user_id" FROM "account"."webhook_deliveries")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "account"."member" ("id", "organization_id", "user_id", "role", "created_at")
SELECT o."id", o."id", o."id", 'owner', o."created_at" FROM "account"."organization" o
JOIN "account"."user" u ON u."id" = o."id"
WHERE NOT EXISTS (SELECT 1 FROM "account"."member" m WHERE m."organization_id" = o."id")
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "account"."api_keys" ADD COLUMN "owner_key" text;--> statement-breakpoint
UPDATE "account"."api_keys" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "account"."api_keys" ALTER COLUMN "owner_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "account"."api_keys" ADD CONSTRAINT "api_keys_owner_key_organization_id_fk" FOREIGN KEY ("owner_key") REFERENCES "account"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "account"."api_keys_user_idx";--> statement-breakpoint
CREATE INDEX "api_keys_owner_idx" ON "account"."api_keys" USING btree ("owner_key","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "account"."api_keys" USING btree ("user_id");--> statement-breakpoint
-- One endpoint per workspace: owner_key becomes the key; user_id (who set it up) may go null on erasure.
ALTER TABLE "account"."webhook_endpoints" ADD COLUMN "owner_key" text;--> statement-breakpoint
UPDATE "account"."webhook_endpoints" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "account"."webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_pkey";--> statement-breakpoint
ALTER TABLE "account"."webhook_endpoints" ADD PRIMARY KEY ("owner_key");--> statement-breakpoint
ALTER TABLE "account"."webhook_endpoints" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account"."webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "account"."webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "account"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account"."webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_owner_key_organization_id_fk" FOREIGN KEY ("owner_key") REFERENCES "account"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account"."webhook_deliveries" ADD COLUMN "owner_key" text;--> statement-breakpoint
UPDATE "account"."webhook_deliveries" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "account"."webhook_deliveries" ALTER COLUMN "owner_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "account"."webhook_deliveries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account"."webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "account"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "account"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_owner_key_organization_id_fk" FOREIGN KEY ("owner_key") REFERENCES "account"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "account"."webhook_deliveries_source_idx";--> statement-breakpoint
DROP INDEX "account"."webhook_deliveries_user_idx";--> statement-breakpoint
DROP INDEX "account"."webhook_deliveries_pending_idx";--> statement-breakpoint
DROP INDEX "account"."webhook_deliveries_leased_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_source_idx" ON "account"."webhook_deliveries" USING btree ("source_event_id","owner_key","event_type");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_owner_idx" ON "account"."webhook_deliveries" USING btree ("owner_key","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_user_idx" ON "account"."webhook_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "account"."webhook_deliveries" USING btree ("owner_key","next_attempt_at") WHERE "account"."webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_leased_idx" ON "account"."webhook_deliveries" USING btree ("owner_key") WHERE "account"."webhook_deliveries"."status" = 'pending' and "account"."webhook_deliveries"."locked_until" is not null;
