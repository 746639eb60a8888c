CREATE TABLE "billing"."charged_accounts" (
	"user_id" text NOT NULL,
	"account" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charged_accounts_user_id_account_pk" PRIMARY KEY("user_id","account")
);
--> statement-breakpoint
-- Accounts charged before this table existed: the first capture of each (user, account) paid for it.
INSERT INTO "billing"."charged_accounts" ("user_id", "account", "transaction_id", "created_at")
SELECT DISTINCT ON (t."user_id", split_part(t."reference", ':', 4))
	t."user_id", split_part(t."reference", ':', 4), t."id", t."created_at"
FROM "billing"."credit_transactions" t
WHERE t."reason" = 'capture' AND t."reference" ~ '^extraction:[^:]+:[^:]+:[^:]+$'
ORDER BY t."user_id", split_part(t."reference", ':', 4), t."seq";
--> statement-breakpoint
-- Capturing now also keys the charge by the account it pays for (an extraction reference's last part):
-- after the item-key check (a retry of the same item is told its own charge), the user's account row
-- is locked, which serialises every capture of one user, and an account already in charged_accounts is
-- answered `already_charged` with the earlier transaction, charging nothing. Lock order stays hold, then
-- account.
CREATE OR REPLACE FUNCTION "billing"."capture_credits"(
	p_hold_id uuid,
	p_amount integer,
	p_item_key text,
	p_event_id uuid,
	p_occurred_at text,
	p_notify_channel text
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_hold "billing"."credit_holds"%ROWTYPE;
	v_existing_id uuid;
	v_balance integer;
	v_held integer;
	v_transaction_id uuid;
	v_key text := 'capture:' || p_item_key;
	v_account text := CASE WHEN p_item_key ~ '^extraction:[^:]+:[^:]+:[^:]+$'
		THEN split_part(p_item_key, ':', 4) END;
BEGIN
	SELECT * INTO v_hold FROM "billing"."credit_holds" WHERE "id" = p_hold_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'hold_not_found');
	END IF;

	SELECT "id" INTO v_existing_id FROM "billing"."credit_transactions" WHERE "idempotency_key" = v_key;
	IF FOUND THEN
		SELECT a."balance", a."held" INTO v_balance, v_held
			FROM "billing"."credit_accounts" a WHERE a."user_id" = v_hold."user_id";
		RETURN jsonb_build_object(
			'outcome', 'duplicate', 'transactionId', v_existing_id, 'userId', v_hold."user_id",
			'balance', v_balance, 'held', v_held, 'holdRemaining', v_hold."amount" - v_hold."captured");
	END IF;

	SELECT a."balance", a."held" INTO v_balance, v_held
		FROM "billing"."credit_accounts" a WHERE a."user_id" = v_hold."user_id" FOR UPDATE;
	IF v_account IS NOT NULL THEN
		SELECT c."transaction_id" INTO v_existing_id FROM "billing"."charged_accounts" c
			WHERE c."user_id" = v_hold."user_id" AND c."account" = v_account;
		IF FOUND THEN
			RETURN jsonb_build_object(
				'outcome', 'already_charged', 'transactionId', v_existing_id, 'userId', v_hold."user_id",
				'balance', v_balance, 'held', v_held, 'holdRemaining', v_hold."amount" - v_hold."captured");
		END IF;
	END IF;

	IF v_hold."status" <> 'active' OR v_hold."expires_at" <= now() THEN
		RETURN jsonb_build_object('outcome', 'hold_inactive', 'status', v_hold."status");
	END IF;
	IF v_hold."captured" + p_amount > v_hold."amount" THEN
		RETURN jsonb_build_object('outcome', 'hold_exhausted', 'holdRemaining', v_hold."amount" - v_hold."captured");
	END IF;

	UPDATE "billing"."credit_holds"
		SET "captured" = "captured" + p_amount, "updated_at" = now()
		WHERE "id" = p_hold_id;
	-- The hold reserved these credits, so the guard only fails if the invariants were broken elsewhere.
	UPDATE "billing"."credit_accounts" a
		SET "balance" = a."balance" - p_amount, "held" = a."held" - p_amount, "updated_at" = now()
		WHERE a."user_id" = v_hold."user_id" AND a."held" >= p_amount AND a."balance" >= p_amount
		RETURNING a."balance", a."held" INTO v_balance, v_held;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'credit account of hold % cannot cover a capture of %', p_hold_id, p_amount;
	END IF;

	INSERT INTO "billing"."credit_transactions"
		("user_id", "amount", "reason", "reference", "idempotency_key", "hold_id", "balance_after")
		VALUES (v_hold."user_id", -p_amount, 'capture', p_item_key, v_key, p_hold_id, v_balance)
		RETURNING "id" INTO v_transaction_id;
	IF v_account IS NOT NULL THEN
		INSERT INTO "billing"."charged_accounts" ("user_id", "account", "transaction_id")
			VALUES (v_hold."user_id", v_account, v_transaction_id);
	END IF;

	INSERT INTO "billing"."outbox" ("id", "type", "payload") VALUES (
		p_event_id,
		'credits.captured',
		jsonb_build_object(
			'id', p_event_id, 'type', 'credits.captured', 'version', 1, 'occurredAt', p_occurred_at,
			'userId', v_hold."user_id",
			'data', jsonb_build_object(
				'amount', p_amount, 'balance', v_balance, 'available', v_balance - v_held,
				'reason', 'capture', 'reference', p_item_key)));
	PERFORM pg_notify(p_notify_channel, '');

	RETURN jsonb_build_object(
		'outcome', 'captured', 'transactionId', v_transaction_id, 'userId', v_hold."user_id",
		'balance', v_balance, 'held', v_held,
		'holdRemaining', v_hold."amount" - v_hold."captured" - p_amount);
END;
$$;
