CREATE TABLE "deposit_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"deposit_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gateway_status" text NOT NULL,
	"amount" bigint NOT NULL,
	"taken_back" bigint NOT NULL,
	"recovered" bigint DEFAULT 0 NOT NULL,
	"outstanding" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "deposit_refunds_amount_positive" CHECK ("deposit_refunds"."amount" > 0),
	CONSTRAINT "deposit_refunds_figures" CHECK ("deposit_refunds"."taken_back" >= 0 and "deposit_refunds"."recovered" >= 0 and "deposit_refunds"."outstanding" >= 0
        and "deposit_refunds"."taken_back" + "deposit_refunds"."recovered" + "deposit_refunds"."outstanding" = "deposit_refunds"."amount")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_owner";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_balance_sign";--> statement-breakpoint
ALTER TABLE "deposit_refunds" ADD CONSTRAINT "deposit_refunds_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_refunds" ADD CONSTRAINT "deposit_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_refunds_deposit_unique" ON "deposit_refunds" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "deposit_refunds_user_idx" ON "deposit_refunds" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deposit_refunds_created_idx" ON "deposit_refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deposit_refunds_open_idx" ON "deposit_refunds" USING btree ("user_id","id") WHERE "deposit_refunds"."outstanding" > 0;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_owner" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('cash', 'invested', 'withdrawal_hold', 'loan', 'debt'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" in ('external', 'yield_expense', 'rewards_expense', 'interest_income')));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_sign" CHECK (("ledger_accounts"."kind" in ('cash', 'invested', 'withdrawal_hold') and "ledger_accounts"."balance" >= 0)
        or ("ledger_accounts"."kind" in ('loan', 'debt') and "ledger_accounts"."balance" <= 0)
        or "ledger_accounts"."user_id" is null);--> statement-breakpoint
-- Decision 155: a member account of kind `debt` (never above zero: minus what the member owes for
-- deposits a gateway took back after they were credited, beyond what their balance covered). The
-- CHECKs above admit it; ledger_post (decision 140's, unchanged otherwise) moves it with the sign rule
-- of `loan`.
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
