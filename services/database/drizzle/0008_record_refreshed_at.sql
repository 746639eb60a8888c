ALTER TABLE "database"."extractions" ADD COLUMN "refreshed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A record saved before this column existed was fetched when it was extracted.
UPDATE "database"."extractions" SET "refreshed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "extractions_refreshed_at_idx" ON "database"."extractions" USING btree ("refreshed_at");
