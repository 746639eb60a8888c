CREATE TABLE "billing"."credit_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_balance_non_negative" CHECK (balance >= 0),
	CONSTRAINT "credit_accounts_held_within_balance" CHECK (held >= 0 and held <= balance)
);
--> statement-breakpoint
CREATE TABLE "billing"."credit_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"run_id" text NOT NULL,
	"amount" integer NOT NULL,
	"captured" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_holds_captured_within_amount" CHECK (captured >= 0 and captured <= amount),
	CONSTRAINT "credit_holds_amount_positive" CHECK (amount > 0),
	CONSTRAINT "credit_holds_status_known" CHECK (status in ('active', 'released', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "billing"."credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing"."credit_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"hold_id" uuid,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transactions_balance_after_non_negative" CHECK (balance_after >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_holds_user_run_unique" ON "billing"."credit_holds" USING btree ("user_id","run_id");--> statement-breakpoint
CREATE INDEX "credit_holds_active_expiry_idx" ON "billing"."credit_holds" USING btree ("expires_at") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_idempotency_key_unique" ON "billing"."credit_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_transactions_user_seq_idx" ON "billing"."credit_transactions" USING btree ("user_id","seq" DESC NULLS LAST);