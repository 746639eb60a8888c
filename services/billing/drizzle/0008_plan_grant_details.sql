-- Plan grants keep the plan and the invoice date so the credit history can name them in words.
-- New nullable columns: no existing row is rewritten, so the append-only trigger is not involved.
ALTER TABLE "billing"."credit_transactions" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "billing"."credit_transactions" ADD COLUMN "invoice_date" timestamp with time zone;