-- Decision 140: an entry carries the sum of its postings to its member's cash account, so Activity
-- shows an entry's amount from the row it already reads instead of a postings lookup per row (a third
-- of the page's statement). Kept by ledger_post (below) and the bulk paths (apps/api/src/ledger/bulk.ts)
-- in the entry's own insert; checkLedger proves it against the postings.
ALTER TABLE "ledger_entries" ADD COLUMN "cash_amount" bigint;--> statement-breakpoint
-- Entries already written: filled from their postings. Entries are append-only (ledger_refuse_change);
-- the guard is lifted for this one statement of the migration's transaction only.
ALTER TABLE "ledger_entries" DISABLE TRIGGER ledger_entries_immutable;
--> statement-breakpoint
UPDATE ledger_entries e SET cash_amount = s.amount
FROM (
  SELECT p.entry_id, sum(p.amount) AS amount
  FROM ledger_postings p
  JOIN ledger_entries x ON x.id = p.entry_id
  JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id = x.user_id AND a.kind = 'cash'
  GROUP BY p.entry_id
) s
WHERE s.entry_id = e.id;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER ledger_entries_immutable;
--> statement-breakpoint
-- ledger_post of decision 038, now also writing the entry's cash amount.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text,
  p_reference text,
  p_user_id integer,
  p_metadata jsonb,
  p_created_at timestamptz,
  p_postings jsonb -- [{"user_id": 7 | null, "kind": "cash", "amount": -1500}, ...]
) RETURNS TABLE (posted_entry_id integer, was_created boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_entry integer;
  v_count integer := jsonb_array_length(p_postings);
  v_ids integer[] := '{}';
  v_amounts bigint[] := '{}';
  v_user_ids integer[] := '{}';
  v_user_amounts bigint[] := '{}';
  v_user integer;
  v_kind text;
  v_id integer;
  v_move record;
  v_cash bigint;
BEGIN
  IF v_count < 2 THEN
    RAISE EXCEPTION 'ledger entry % needs two or more postings', p_reference USING ERRCODE = 'check_violation';
  END IF;

  -- The entry's postings to its member's cash account, summed (null: none), kept on the entry
  -- (decision 140).
  SELECT sum((x.posting ->> 'amount')::bigint) INTO v_cash
  FROM jsonb_array_elements(p_postings) AS x(posting)
  WHERE (x.posting ->> 'user_id')::integer = p_user_id AND x.posting ->> 'kind' = 'cash';

  INSERT INTO ledger_entries (kind, reference, user_id, metadata, cash_amount, created_at)
  VALUES (p_kind, p_reference, p_user_id, p_metadata, v_cash, p_created_at)
  ON CONFLICT (reference) DO NOTHING
  RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    SELECT e.id INTO v_entry FROM ledger_entries e WHERE e.reference = p_reference;
    RETURN QUERY SELECT v_entry, false;
    RETURN;
  END IF;

  FOR i IN 0 .. v_count - 1 LOOP
    v_user := (p_postings -> i ->> 'user_id')::integer;
    v_kind := p_postings -> i ->> 'kind';
    v_id := NULL;
    IF v_user IS NULL THEN
      SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.user_id IS NULL AND a.kind = v_kind;
      IF v_id IS NULL THEN
        RAISE EXCEPTION 'platform account % is missing', v_kind;
      END IF;
    ELSE
      SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.user_id = v_user AND a.kind = v_kind;
      IF v_id IS NULL THEN
        INSERT INTO ledger_accounts (user_id, kind, balance, created_at)
        VALUES (v_user, v_kind, 0, p_created_at)
        ON CONFLICT (user_id, kind) WHERE user_id IS NOT NULL DO NOTHING
        RETURNING id INTO v_id;
        IF v_id IS NULL THEN
          SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.user_id = v_user AND a.kind = v_kind;
        END IF;
      END IF;
    END IF;
    v_ids := v_ids || v_id;
    v_amounts := v_amounts || (p_postings -> i ->> 'amount')::bigint;
    IF v_user IS NOT NULL THEN
      v_user_ids := v_user_ids || v_id;
      v_user_amounts := v_user_amounts || (p_postings -> i ->> 'amount')::bigint;
    END IF;
  END LOOP;

  -- Net movement per account, one account at a time in id order: each UPDATE locks its row, so two
  -- entries on the same accounts never wait on each other crosswise.
  FOR v_move IN
    SELECT t.account_id, sum(t.amount) AS delta
    FROM unnest(v_ids, v_amounts) AS t(account_id, amount)
    GROUP BY t.account_id
    ORDER BY t.account_id
  LOOP
    CONTINUE WHEN v_move.delta = 0;
    UPDATE ledger_accounts a SET balance = a.balance + v_move.delta
    WHERE a.id = v_move.account_id
      AND (a.user_id IS NULL
        OR (a.kind IN ('cash', 'invested', 'withdrawal_hold') AND a.balance + v_move.delta >= 0)
        OR (a.kind = 'loan' AND a.balance + v_move.delta <= 0));
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient funds in ledger account %', v_move.account_id USING ERRCODE = 'LE001';
    END IF;
  END LOOP;

  INSERT INTO ledger_postings (entry_id, account_id, amount)
  SELECT v_entry, t.account_id, t.amount
  FROM unnest(v_ids, v_amounts) WITH ORDINALITY AS t(account_id, amount, n)
  ORDER BY t.n;

  -- Running totals per member account and entry kind (decision 038), after the account rows are locked
  -- above, so two entries never take these rows in crossing order.
  IF array_length(v_user_ids, 1) > 0 THEN
    INSERT INTO ledger_account_totals AS t (account_id, entry_kind, total, entries)
    SELECT m.account_id, p_kind, sum(m.amount), 1
    FROM unnest(v_user_ids, v_user_amounts) AS m(account_id, amount)
    GROUP BY m.account_id
    ORDER BY m.account_id
    ON CONFLICT (account_id, entry_kind)
    DO UPDATE SET total = t.total + excluded.total, entries = t.entries + 1;
  END IF;

  RETURN QUERY SELECT v_entry, true;
END;
$$;
