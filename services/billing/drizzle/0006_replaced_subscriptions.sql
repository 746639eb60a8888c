CREATE TABLE "billing"."replaced_subscriptions" (
	"stripe_subscription_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"stripe_customer_id" text,
	"plan" text NOT NULL,
	"replaced_by" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "replaced_subscriptions_user_id_idx" ON "billing"."replaced_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "replaced_subscriptions_pending_idx" ON "billing"."replaced_subscriptions" USING btree ("replaced_at") WHERE cancelled_at is null;