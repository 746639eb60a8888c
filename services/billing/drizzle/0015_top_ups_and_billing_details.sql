CREATE TABLE "billing"."billing_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_type" text,
	"company_name" text,
	"vat_number" text,
	"country" text,
	"profile_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing"."invoices" ALTER COLUMN "plan" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."sandbox_checkout_sessions" ALTER COLUMN "plan" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."invoices" ADD COLUMN "kind" text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."invoices" ADD COLUMN "credits" integer;--> statement-breakpoint
ALTER TABLE "billing"."sandbox_checkout_sessions" ADD COLUMN "top_up_pack" text;--> statement-breakpoint
ALTER TABLE "billing"."invoices" ADD CONSTRAINT "invoices_kind_fields" CHECK ((kind = 'plan' and plan is not null) or (kind = 'top_up' and credits is not null));--> statement-breakpoint
ALTER TABLE "billing"."sandbox_checkout_sessions" ADD CONSTRAINT "sandbox_checkout_sessions_buys_one" CHECK ((plan is null) <> (top_up_pack is null));