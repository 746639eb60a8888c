-- The ledger is the history balances are proven from, so its rows are never changed or removed once
-- written: corrections are new rows. The one exception is erasing an account, which removes the
-- user's rows inside a transaction that first runs `set local prospector.erasing = 'on'`.
CREATE OR REPLACE FUNCTION "billing"."reject_credit_transaction_change"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('prospector.erasing', true) = 'on' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'billing.credit_transactions is append-only: % is not allowed', TG_OP
		USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "credit_transactions_append_only"
	BEFORE UPDATE OR DELETE ON "billing"."credit_transactions"
	FOR EACH ROW EXECUTE FUNCTION "billing"."reject_credit_transaction_change"();
--> statement-breakpoint
CREATE TRIGGER "credit_transactions_no_truncate"
	BEFORE TRUNCATE ON "billing"."credit_transactions"
	FOR EACH STATEMENT EXECUTE FUNCTION "billing"."reject_credit_transaction_change"();
