CREATE TABLE "billing"."sandbox_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text,
	"plan" text NOT NULL,
	"customer_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sandbox_checkout_sessions_user_id_idx" ON "billing"."sandbox_checkout_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sandbox_checkout_sessions_unapplied_idx" ON "billing"."sandbox_checkout_sessions" USING btree ("paid_at") WHERE paid_at is not null and applied_at is null;--> statement-breakpoint
CREATE INDEX "sandbox_checkout_sessions_expires_at_idx" ON "billing"."sandbox_checkout_sessions" USING btree ("expires_at");