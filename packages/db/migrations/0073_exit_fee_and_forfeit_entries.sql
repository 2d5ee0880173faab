-- Early exits written before this migration returned the principal less the penalty and the forfeited
-- earnings, in their one `plan_exit` entry: Activity showed neither as a row, and "Total Earnings"
-- still counted the earnings given up (decision 186, amended 2026-12-03). Each such exit is
-- reclassified by entries posted now, which together leave every balance as it was: the part of the
-- principal the exit kept back (cash +penalty +forfeited, from the platform's interest income and
-- yield expense), then the entries an exit now writes, the penalty (`plan_exit_fee`: cash -penalty,
-- interest income +penalty) and the forfeit (`earning_forfeit`: cash -forfeited, yield expense
-- +forfeited). The principal's part is posted first, so the member's cash never dips. Only exits with
-- none of these entries are taken (an exit written since has its fee and forfeit entries already), and
-- each is referenced by the exit's quote: a second run writes nothing. The accounts are locked first,
-- all at once in decision 222's order (members' cash, then the platform's), so a job running beside
-- the migration never waits on it crosswise.
DO $$
DECLARE
  v_exit record;
  v_meta jsonb;
  v_back jsonb;
BEGIN
  CREATE TEMPORARY TABLE exits_to_reclassify ON COMMIT DROP AS
    SELECT e.id, e.user_id, e.metadata ->> 'quote_id' AS quote_id, e.metadata -> 'user_plan_id' AS user_plan_id,
           coalesce((e.metadata ->> 'penalty')::bigint, 0) AS penalty,
           coalesce((e.metadata ->> 'forfeited')::bigint, 0) AS forfeited
    FROM ledger_entries e
    WHERE e.kind = 'plan_exit'
      AND coalesce((e.metadata ->> 'penalty')::bigint, 0) + coalesce((e.metadata ->> 'forfeited')::bigint, 0) > 0
      AND NOT EXISTS (
        SELECT 1 FROM ledger_entries f
        WHERE f.reference IN ('plan_exit_fee:' || (e.metadata ->> 'quote_id'),
                              'earning_forfeit:' || (e.metadata ->> 'quote_id'),
                              'plan_exit:' || (e.metadata ->> 'quote_id') || ':reclassified'));
  PERFORM 1 FROM ledger_accounts a
  WHERE (a.kind = 'cash' AND a.user_id IN (SELECT user_id FROM exits_to_reclassify))
     OR (a.user_id IS NULL AND a.kind IN ('interest_income', 'yield_expense')
         AND EXISTS (SELECT 1 FROM exits_to_reclassify))
  ORDER BY a.user_id IS NULL, a.id FOR UPDATE;
  FOR v_exit IN SELECT * FROM exits_to_reclassify ORDER BY id
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
