CREATE TABLE "marketing"."opt_out_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username_key" text NOT NULL,
	"email_key" text,
	"bio_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	CONSTRAINT "opt_out_requests_confirmed_by" CHECK ("confirmed_by" is null or "confirmed_by" in ('link', 'bio'))
);
--> statement-breakpoint
CREATE TABLE "marketing"."rate_limit_windows" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing"."used_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "opt_out_requests_expires_at_idx" ON "marketing"."opt_out_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_windows_started_at_idx" ON "marketing"."rate_limit_windows" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "used_challenges_expires_at_idx" ON "marketing"."used_challenges" USING btree ("expires_at");