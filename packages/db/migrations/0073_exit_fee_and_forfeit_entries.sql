-- Early exits written before this migration returned the principal less the penalty and the forfeited
-- earnings, in their one `plan_exit` entry: Activity showed neither as a row, and "Total Earnings"
-- still counted the earnings given up (decision 186, amended 2026-12-03). Each such exit is
-- reclassified by entries posted now, which together leave every balance as it was: the part of the
-- principal the exit kept back (cash +penalty +forfeited, from the platform's interest income and
-- yield expense), then the entries an exit now writes, the penalty (`plan_exit_fee`: cash -penalty,
-- interest income +penalty) and the forfeit (`earning_forfeit`: cash -forfeited, yield expense
-- +forfeited). The principal's part is posted first, so the member's cash never dips. Referenced by
-- the exit's quote, as the exit's own entries are: a second run writes nothing.
DO $$
DECLARE
  v_exit record;
  v_meta jsonb;
  v_back jsonb;
BEGIN
  FOR v_exit IN
    SELECT e.user_id, e.metadata ->> 'quote_id' AS quote_id, e.metadata -> 'user_plan_id' AS user_plan_id,
           coalesce((e.metadata ->> 'penalty')::bigint, 0) AS penalty,
           coalesce((e.metadata ->> 'forfeited')::bigint, 0) AS forfeited
    FROM ledger_entries e
    WHERE e.kind = 'plan_exit'
      AND coalesce((e.metadata ->> 'penalty')::bigint, 0) + coalesce((e.metadata ->> 'forfeited')::bigint, 0) > 0
    ORDER BY e.id
  LOOP
    v_meta := jsonb_build_object('user_plan_id', v_exit.user_plan_id, 'quote_id', v_exit.quote_id);
    v_back := jsonb_build_array(
      jsonb_build_object('user_id', v_exit.user_id, 'kind', 'cash', 'amount', v_exit.penalty + v_exit.forfeited));
    IF v_exit.penalty > 0 THEN
      v_back := v_back || jsonb_build_object('user_id', NULL, 'kind', 'interest_income', 'amount', -v_exit.penalty);
    END IF;
    IF v_exit.forfeited > 0 THEN
      v_back := v_back || jsonb_build_object('user_id', NULL, 'kind', 'yield_expense', 'amount', -v_exit.forfeited);
    END IF;
    PERFORM ledger_post('plan_exit', 'plan_exit:' || v_exit.quote_id || ':reclassified', v_exit.user_id,
      v_meta || jsonb_build_object('reclassified', true), now(), v_back);
    IF v_exit.penalty > 0 THEN
      PERFORM ledger_post('plan_exit_fee', 'plan_exit_fee:' || v_exit.quote_id, v_exit.user_id, v_meta, now(),
        jsonb_build_array(
          jsonb_build_object('user_id', v_exit.user_id, 'kind', 'cash', 'amount', -v_exit.penalty),
          jsonb_build_object('user_id', NULL, 'kind', 'interest_income', 'amount', v_exit.penalty)));
    END IF;
    IF v_exit.forfeited > 0 THEN
      PERFORM ledger_post('earning_forfeit', 'earning_forfeit:' || v_exit.quote_id, v_exit.user_id, v_meta, now(),
        jsonb_build_array(
          jsonb_build_object('user_id', v_exit.user_id, 'kind', 'cash', 'amount', -v_exit.forfeited),
          jsonb_build_object('user_id', NULL, 'kind', 'yield_expense', 'amount', v_exit.forfeited)));
    END IF;
  END LOOP;
END $$;
