CREATE TABLE "account"."invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inviter_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account"."member" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account"."organization" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "account"."session" ADD COLUMN "active_organization_id" text;--> statement-breakpoint
ALTER TABLE "account"."invitation" ADD CONSTRAINT "invitation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "account"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account"."invitation" ADD CONSTRAINT "invitation_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "account"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account"."member" ADD CONSTRAINT "member_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "account"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account"."member" ADD CONSTRAINT "member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "account"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_organization_idx" ON "account"."invitation" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "invitation_email_idx" ON "account"."invitation" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "member_organization_user_idx" ON "account"."member" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "member_user_idx" ON "account"."member" USING btree ("user_id");--> statement-breakpoint
-- Every existing user gets a personal workspace, its id and slug the user's id, with them as owner,
-- and every open session acts for it (docs/architecture.md "Workspaces"). Rows other services key by
-- user_id then already name their workspace.
INSERT INTO "account"."organization" ("id", "name", "slug", "created_at")
SELECT "id", "name", "id", "created_at" FROM "account"."user"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "account"."member" ("id", "organization_id", "user_id", "role", "created_at")
SELECT "id", "id", "id", 'owner', "created_at" FROM "account"."user"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "account"."session" SET "active_organization_id" = "user_id" WHERE "active_organization_id" IS NULL;
