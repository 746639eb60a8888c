CREATE TABLE "extractor"."website_host_slots" (
	"host" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extractor"."website_pages" (
	"url" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"final_url" text,
	"body" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "extractor"."extraction_runs" ADD COLUMN "websites" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "website_pages_fetched_idx" ON "extractor"."website_pages" USING btree ("fetched_at");