-- Early exits written before this migration took the forfeited earnings off the principal returned,
-- inside their one `plan_exit` entry, so "Total Earnings" still counted them (decision 186, amended
-- 2026-12-03). Each such exit is reclassified by two entries posted now, which together leave every
-- balance as it was: the part of the principal the exit kept back (cash +F, yield expense -F) and the
-- forfeit as the entry an exit now writes (cash -F, yield expense +F, kind earning_forfeit). The
-- principal's part is posted first, so the member's cash never dips. Referenced by the exit's quote, as
-- the exit's own entries are: a second run writes nothing.
DO $$
DECLARE
  v_exit record;
BEGIN
  FOR v_exit IN
    SELECT e.user_id, e.metadata ->> 'quote_id' AS quote_id, e.metadata -> 'user_plan_id' AS user_plan_id,
           (e.metadata ->> 'forfeited')::bigint AS forfeited
    FROM ledger_entries e
    WHERE e.kind = 'plan_exit' AND (e.metadata ->> 'forfeited')::bigint > 0
    ORDER BY e.id
  LOOP
    PERFORM ledger_post(
      'plan_exit',
      'plan_exit:' || v_exit.quote_id || ':forfeit_reclassified',
      v_exit.user_id,
      jsonb_build_object('user_plan_id', v_exit.user_plan_id, 'quote_id', v_exit.quote_id, 'reclassified', true),
      now(),
      jsonb_build_array(
        jsonb_build_object('user_id', v_exit.user_id, 'kind', 'cash', 'amount', v_exit.forfeited),
        jsonb_build_object('user_id', NULL, 'kind', 'yield_expense', 'amount', -v_exit.forfeited)
      )
    );
    PERFORM ledger_post(
      'earning_forfeit',
      'earning_forfeit:' || v_exit.quote_id,
      v_exit.user_id,
      jsonb_build_object('user_plan_id', v_exit.user_plan_id, 'quote_id', v_exit.quote_id),
      now(),
      jsonb_build_array(
        jsonb_build_object('user_id', v_exit.user_id, 'kind', 'cash', 'amount', -v_exit.forfeited),
        jsonb_build_object('user_id', NULL, 'kind', 'yield_expense', 'amount', v_exit.forfeited)
      )
    );
  END LOOP;
END $$;
