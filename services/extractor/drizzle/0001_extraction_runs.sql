CREATE TABLE "extractor"."extraction_run_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"username" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"message" text,
	"credits_used" integer DEFAULT 0 NOT NULL,
	"profile" jsonb,
	"claim_lane" integer,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "extractor"."extraction_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"emails_found" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"credits_used" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hold_id" uuid NOT NULL,
	"hold_extended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lane_steps" integer[] NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"current_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "extractor"."provider_cache" (
	"provider" text NOT NULL,
	"username" text NOT NULL,
	"result" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_cache_provider_username_pk" PRIMARY KEY("provider","username")
);
--> statement-breakpoint
ALTER TABLE "extractor"."extraction_run_items" ADD CONSTRAINT "extraction_run_items_run_id_extraction_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "extractor"."extraction_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extraction_run_items_run_position_unique" ON "extractor"."extraction_run_items" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "extraction_run_items_pending_idx" ON "extractor"."extraction_run_items" USING btree ("run_id","position") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "extraction_runs_user_created_idx" ON "extractor"."extraction_runs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "extraction_runs_active_idx" ON "extractor"."extraction_runs" USING btree ("updated_at") WHERE status in ('queued', 'running');