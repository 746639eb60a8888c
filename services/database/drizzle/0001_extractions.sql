CREATE TABLE "database"."extractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"instagram_username" text NOT NULL,
	"email_found" boolean,
	"credits_used" integer DEFAULT 0 NOT NULL,
	"extraction_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extractions_user_username_unique" UNIQUE("user_id","instagram_username")
);
--> statement-breakpoint
CREATE INDEX "extractions_user_created_idx" ON "database"."extractions" USING btree ("user_id","created_at" DESC NULLS LAST);