-- Every entry's postings sum to zero (DESIGN §5), checked once per INSERT of postings instead of once
-- per posting at commit (decision 136): the statement's new postings (a transition table) name the
-- entries to sum. Postings are never updated or deleted, so an entry balanced after each insert is
-- balanced at commit; every writer inserts an entry's postings in one statement (ledger_post, the
-- bulk paths). A day's accrual of a million plans fired the row trigger two million times.
CREATE FUNCTION ledger_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT p.entry_id, sum(p.amount) AS total INTO bad
  FROM ledger_postings p
  WHERE p.entry_id IN (SELECT DISTINCT n.entry_id FROM new_postings n)
  GROUP BY p.entry_id
  HAVING sum(p.amount) <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry % does not balance (sum %)', bad.entry_id, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER ledger_postings_balanced ON ledger_postings;
--> statement-breakpoint
DROP FUNCTION ledger_entry_balanced();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_balanced();
