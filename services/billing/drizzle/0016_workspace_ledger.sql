-- Credits belong to a workspace (docs/architecture.md §17). A personal workspace's id is its user's id, so
-- every row moves with owner_key = user_id and nothing else to look up; user_id stays where it names the
-- member who acted (ledger rows, holds). Balances, the ledger and what each workspace paid for are
-- unchanged row for row (migration-0016.test.ts checks it on a populated copy).
CREATE TABLE "billing"."member_credit_limits" (
	"owner_key" text NOT NULL,
	"user_id" text NOT NULL,
	"monthly_limit" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_credit_limits_owner_key_user_id_pk" PRIMARY KEY("owner_key","user_id"),
	CONSTRAINT "member_credit_limits_positive" CHECK (monthly_limit >= 0)
);
--> statement-breakpoint
-- The balance row and the paid-for accounts are the workspace's alone: their key is renamed, not copied.
ALTER TABLE "billing"."credit_accounts" RENAME COLUMN "user_id" TO "owner_key";--> statement-breakpoint
ALTER TABLE "billing"."charged_accounts" RENAME COLUMN "user_id" TO "owner_key";--> statement-breakpoint
ALTER TABLE "billing"."charged_accounts" RENAME CONSTRAINT "charged_accounts_user_id_account_pk" TO "charged_accounts_owner_key_account_pk";--> statement-breakpoint
ALTER TABLE "billing"."credit_holds" ADD COLUMN "owner_key" text;--> statement-breakpoint
UPDATE "billing"."credit_holds" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "billing"."credit_holds" ALTER COLUMN "owner_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX "billing"."credit_holds_user_run_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "credit_holds_owner_run_unique" ON "billing"."credit_holds" USING btree ("owner_key","run_id");--> statement-breakpoint
CREATE INDEX "credit_holds_member_active_idx" ON "billing"."credit_holds" USING btree ("owner_key","user_id") WHERE status = 'active';--> statement-breakpoint
-- The ledger is append-only (migration 0005): filling its new column is the one update it ever takes,
-- with the trigger off inside this migration's transaction only.
ALTER TABLE "billing"."credit_transactions" DISABLE TRIGGER "credit_transactions_append_only";--> statement-breakpoint
ALTER TABLE "billing"."credit_transactions" ADD COLUMN "owner_key" text;--> statement-breakpoint
ALTER TABLE "billing"."credit_transactions" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "billing"."credit_transactions" ADD COLUMN "counterpart_key" text;--> statement-breakpoint
UPDATE "billing"."credit_transactions" SET "owner_key" = "user_id";--> statement-breakpoint
ALTER TABLE "billing"."credit_transactions" ALTER COLUMN "owner_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."credit_transactions" ENABLE TRIGGER "credit_transactions_append_only";--> statement-breakpoint
DROP INDEX "billing"."credit_transactions_user_seq_idx";--> statement-breakpoint
CREATE INDEX "credit_transactions_owner_seq_idx" ON "billing"."credit_transactions" USING btree ("owner_key","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_transactions_member_captures_idx" ON "billing"."credit_transactions" USING btree ("owner_key","user_id","created_at") WHERE reason = 'capture';--> statement-breakpoint
-- Erasing a member who acted in a workspace they do not own keeps that workspace's rows and replaces
-- their user id with a "former member" marker (and forgets their personal workspace as a transfer's
-- other side): the one update the ledger allows, only while erasing and only of those two columns.
CREATE OR REPLACE FUNCTION "billing"."reject_credit_transaction_change"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('prospector.erasing', true) = 'on' THEN
		RETURN OLD;
	END IF;
	IF TG_OP = 'UPDATE' AND current_setting('prospector.erasing', true) = 'on'
		AND (to_jsonb(NEW) - 'user_id' - 'counterpart_key') = (to_jsonb(OLD) - 'user_id' - 'counterpart_key') THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'billing.credit_transactions is append-only: % is not allowed', TG_OP
		USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
-- Capturing keys the charge by (workspace, account): the hold's workspace account row is locked (every
-- capture of one workspace, whichever member, is serialised by it), an account that workspace already
-- paid for answers `already_charged`, and the ledger row carries the workspace and the hold's member.
-- Otherwise as in migration 0011; lock order stays hold, then account.
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
			FROM "billing"."credit_accounts" a WHERE a."owner_key" = v_hold."owner_key";
		RETURN jsonb_build_object(
			'outcome', 'duplicate', 'transactionId', v_existing_id, 'userId', v_hold."user_id",
			'balance', v_balance, 'held', v_held, 'holdRemaining', v_hold."amount" - v_hold."captured");
	END IF;

	SELECT a."balance", a."held" INTO v_balance, v_held
		FROM "billing"."credit_accounts" a WHERE a."owner_key" = v_hold."owner_key" FOR UPDATE;
	IF v_account IS NOT NULL THEN
		SELECT c."transaction_id" INTO v_existing_id FROM "billing"."charged_accounts" c
			WHERE c."owner_key" = v_hold."owner_key" AND c."account" = v_account;
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
		WHERE a."owner_key" = v_hold."owner_key" AND a."held" >= p_amount AND a."balance" >= p_amount
		RETURNING a."balance", a."held" INTO v_balance, v_held;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'credit account of hold % cannot cover a capture of %', p_hold_id, p_amount;
	END IF;

	INSERT INTO "billing"."credit_transactions"
		("owner_key", "user_id", "amount", "reason", "reference", "idempotency_key", "hold_id", "balance_after")
		VALUES (v_hold."owner_key", v_hold."user_id", -p_amount, 'capture', p_item_key, v_key, p_hold_id, v_balance)
		RETURNING "id" INTO v_transaction_id;
	IF v_account IS NOT NULL THEN
		INSERT INTO "billing"."charged_accounts" ("owner_key", "account", "transaction_id")
			VALUES (v_hold."owner_key", v_account, v_transaction_id);
	END IF;

	INSERT INTO "billing"."outbox" ("id", "type", "payload") VALUES (
		p_event_id,
		'credits.captured',
		jsonb_build_object(
			'id', p_event_id, 'type', 'credits.captured', 'version', 1, 'occurredAt', p_occurred_at,
			'userId', v_hold."user_id", 'ownerKey', v_hold."owner_key",
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
