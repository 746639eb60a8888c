-- A refund gives back the credit an extraction charge took for an e-mail that cannot receive mail
-- (docs/architecture.md §14). The row names the address and the reason for the credit history; its
-- idempotency key, `refund:<capture transaction id>`, makes it once per capture. New rows only: the
-- ledger stays append-only.
ALTER TABLE "billing"."credit_transactions" ADD COLUMN "refund_email" text;--> statement-breakpoint
ALTER TABLE "billing"."credit_transactions" ADD COLUMN "refund_reason" text;