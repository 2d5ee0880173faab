-- ledger_post(): the one source of the function every ledger entry is written through (DESIGN §5,
-- decisions 140, 155, 158 and 222). This file holds the function as the latest migration installs it
-- (today 0056_member_accounts_lock_first.sql); apps/api/src/ledger/ledger-post-source.test.ts proves that a
-- freshly migrated database's function is this one, on PGlite and PostgreSQL.
--
-- To change the function: edit it HERE, then copy the whole CREATE OR REPLACE statement into a new
-- migration (`cd packages/db && npx drizzle-kit generate --custom --name <name>` gives an empty one)
-- and update the migration named above. Applied migrations are history and never change; the copies in
-- 0005, 0007, 0026, 0029, 0030 and 0056 are the function as it was at each of those points.
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
  v_after bigint;
  v_at timestamptz := p_created_at;
BEGIN
  IF v_count < 2 THEN
    RAISE EXCEPTION 'ledger entry % needs two or more postings', p_reference USING ERRCODE = 'check_violation';
  END IF;

  -- A replay of a written entry changes nothing and locks nothing.
  SELECT e.id INTO v_entry FROM ledger_entries e WHERE e.reference = p_reference;
  IF v_entry IS NOT NULL THEN
    RETURN QUERY SELECT v_entry, false;
    RETURN;
  END IF;

  -- The entry's postings to its member's cash account, summed (null: none), kept on the entry
  -- (decision 140).
  SELECT sum((x.posting ->> 'amount')::bigint) INTO v_cash
  FROM jsonb_array_elements(p_postings) AS x(posting)
  WHERE (x.posting ->> 'user_id')::integer = p_user_id AND x.posting ->> 'kind' = 'cash';

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

  -- Every account of the entry locked before the entry row exists (its id and its cash balance are
  -- taken under the cash account's lock), in the order the batch jobs keep: members' cash accounts,
  -- then their other accounts, then the platform's, each in id order. A member's own entry then never
  -- holds an account a batch takes later while it waits for one the batch holds (decision 222).
  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_ids)
  ORDER BY a.user_id IS NULL, a.kind <> 'cash', a.id FOR UPDATE;

  IF v_cash IS NOT NULL THEN
    SELECT a.balance + v_cash INTO v_after
    FROM ledger_accounts a WHERE a.user_id = p_user_id AND a.kind = 'cash';
    SELECT greatest(p_created_at, (
      SELECT e.created_at FROM ledger_entries e
      WHERE e.user_id = p_user_id AND e.cash_amount IS NOT NULL
      ORDER BY e.created_at DESC, e.id DESC LIMIT 1)) INTO v_at;
  END IF;

  INSERT INTO ledger_entries (kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
  VALUES (p_kind, p_reference, p_user_id, p_metadata, v_cash, v_after, v_at)
  ON CONFLICT (reference) DO NOTHING
  RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    SELECT e.id INTO v_entry FROM ledger_entries e WHERE e.reference = p_reference;
    RETURN QUERY SELECT v_entry, false;
    RETURN;
  END IF;

  -- Net movement per account, in id order (the rows are locked above).
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
        OR (a.kind IN ('loan', 'debt') AND a.balance + v_move.delta <= 0));
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
