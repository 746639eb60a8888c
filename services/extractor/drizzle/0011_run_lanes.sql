CREATE TABLE "extractor"."extraction_run_lanes" (
	"run_id" uuid NOT NULL,
	"lane" integer NOT NULL,
	"owner_id" text NOT NULL,
	"admitted" boolean DEFAULT false NOT NULL,
	"parked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admitted_at" timestamp with time zone,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extraction_run_lanes_run_id_lane_pk" PRIMARY KEY("run_id","lane")
);
--> statement-breakpoint
ALTER TABLE "extractor"."extraction_run_lanes" ADD CONSTRAINT "extraction_run_lanes_run_id_extraction_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "extractor"."extraction_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extraction_run_lanes_admitted_idx" ON "extractor"."extraction_run_lanes" USING btree ("owner_id") WHERE admitted;--> statement-breakpoint
-- Runs active when this ships: every lane parked (their step messages already queued find their lane
-- not admitted and do nothing); the first admission gives them their slots in turn.
INSERT INTO "extractor"."extraction_run_lanes" ("run_id", "lane", "owner_id")
SELECT r.id, l.lane, r.user_id FROM "extractor"."extraction_runs" r
CROSS JOIN LATERAL generate_subscripts(r.lane_steps, 1) AS l(lane)
WHERE r.status IN ('queued', 'running');
