CREATE TABLE "marketing"."consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anonymous_id" uuid NOT NULL,
	"necessary" boolean NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"functional" boolean NOT NULL,
	"policy_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_necessary_always_on" CHECK ("necessary")
);
--> statement-breakpoint
CREATE INDEX "consents_anonymous_id_created_at_idx" ON "marketing"."consents" USING btree ("anonymous_id","created_at");