CREATE TABLE "database"."lead_list_members" (
	"list_id" uuid NOT NULL,
	"extraction_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_list_members_pk" PRIMARY KEY("list_id","extraction_id")
);
--> statement-breakpoint
CREATE TABLE "database"."lead_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "database"."lead_list_members" ADD CONSTRAINT "lead_list_members_list_id_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "database"."lead_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "database"."lead_list_members" ADD CONSTRAINT "lead_list_members_extraction_id_extractions_id_fk" FOREIGN KEY ("extraction_id") REFERENCES "database"."extractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_list_members_extraction_idx" ON "database"."lead_list_members" USING btree ("extraction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_lists_user_name_unique" ON "database"."lead_lists" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lead_lists_user_created_idx" ON "database"."lead_lists" USING btree ("user_id","created_at" DESC NULLS FIRST);