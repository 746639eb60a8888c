-- Captures are bound by commits (one WAL flush each), not by round trips: a batch of captures runs
-- billing.capture_credits for each item, in the order given, in one transaction and one commit. Each
-- item keeps its own outcome (captured, duplicate, hold ended, hold used up); the caller orders items
-- by hold id so every batch takes hold locks in the same order.
CREATE OR REPLACE FUNCTION "billing"."capture_credits_batch"(
	p_captures jsonb,
	p_notify_channel text
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_item jsonb;
	v_results jsonb := '[]'::jsonb;
BEGIN
	FOR v_item IN SELECT value FROM jsonb_array_elements(p_captures) WITH ORDINALITY AS t(value, ord) ORDER BY ord LOOP
		v_results := v_results || jsonb_build_array("billing"."capture_credits"(
			(v_item->>'holdId')::uuid,
			(v_item->>'amount')::integer,
			v_item->>'itemKey',
			(v_item->>'eventId')::uuid,
			v_item->>'occurredAt',
			p_notify_channel));
	END LOOP;
	RETURN v_results;
END;
$$;
