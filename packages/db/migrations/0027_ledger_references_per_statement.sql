ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "user_plan_accruals" DROP CONSTRAINT "user_plan_accruals_user_plan_id_user_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "user_plan_accruals" DROP CONSTRAINT "user_plan_accruals_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
-- The references of the ledger's append-only rows, checked once per INSERT statement over all its rows
-- instead of once per row by foreign keys (decision 143): the daily accrual writes a million entries,
-- two million postings and a million accrual rows, and the four per-row checks were a quarter of its
-- database time. The refusal is the database's, at the insert, with a foreign key's error code; the
-- rows referred to can be neither deleted nor renumbered while anything refers to them.
CREATE OR REPLACE FUNCTION ledger_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- Each posting's entry and account, looked up by primary key: a scalar subquery per row, never a
  -- join, whatever the statement's size. PL/pgSQL keeps the plan of a statement without parameters
  -- for the connection's life; planned while a table was small (and analyzed), a lookup could stay a
  -- sequential scan as the table grows, and PGlite has no autovacuum to invalidate it. The function's
  -- own setting (enable_seqscan off, below) keeps every lookup here an index probe (decision 143).
  SELECT n.entry_id, n.account_id INTO bad
  FROM new_postings n
  WHERE (SELECT e.id FROM ledger_entries e WHERE e.id = n.entry_id) IS NULL
     OR (SELECT a.id FROM ledger_accounts a WHERE a.id = n.account_id) IS NULL
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger posting refers to a missing entry (%) or account (%)', bad.entry_id, bad.account_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
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
$$ SET enable_seqscan = off;
--> statement-breakpoint
-- Ledger accounts are never deleted or renumbered (what the postings' foreign key, ON DELETE RESTRICT,
-- gave them; accrued plans get the same below).
CREATE FUNCTION ledger_refuse_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger accounts are never deleted or renumbered: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'foreign_key_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE OR UPDATE OF id ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_account_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- A plan with accrual rows is never deleted or renumbered. A writer of accrual rows holds the plan's
-- row lock (the accrual's FOR UPDATE, and the check's FOR KEY SHARE below); this trigger runs once the
-- delete holds that lock, so it sees the rows. Nor is user_plans ever truncated (a CASCADE would have
-- emptied the accrual rows with it).
CREATE FUNCTION user_plans_keep_accrued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM user_plan_accruals WHERE user_plan_id = OLD.id) THEN
    RAISE EXCEPTION 'user plan % has accrual rows: % refused', OLD.id, TG_OP
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$$ SET enable_seqscan = off;
--> statement-breakpoint
CREATE TRIGGER user_plans_keep_accrued BEFORE DELETE OR UPDATE OF id ON user_plans
  FOR EACH ROW EXECUTE FUNCTION user_plans_keep_accrued();
--> statement-breakpoint
CREATE TRIGGER user_plans_no_truncate BEFORE TRUNCATE ON user_plans
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Accrual rows are history: never changed or deleted.
CREATE TRIGGER user_plan_accruals_immutable BEFORE UPDATE OR DELETE ON user_plan_accruals
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER user_plan_accruals_no_truncate BEFORE TRUNCATE ON user_plan_accruals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE FUNCTION user_plan_accruals_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- The plan is locked FOR KEY SHARE, as a foreign key's check locks it: a delete of the plan waits
  -- for this transaction, and then sees its rows (user_plans_keep_accrued). The accrual has the plan
  -- locked already, so this takes nothing new there. Entries cannot be deleted: no lock needed.
  SELECT n.user_plan_id, n.entry_id INTO bad
  FROM new_accruals n
  WHERE (SELECT u.id FROM user_plans u WHERE u.id = n.user_plan_id FOR KEY SHARE) IS NULL
     OR (n.entry_id IS NOT NULL AND (SELECT e.id FROM ledger_entries e WHERE e.id = n.entry_id) IS NULL)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'accrual row refers to a missing plan (%) or entry (%)', bad.user_plan_id, bad.entry_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$ SET enable_seqscan = off;
--> statement-breakpoint
CREATE TRIGGER user_plan_accruals_references AFTER INSERT ON user_plan_accruals
  REFERENCING NEW TABLE AS new_accruals
  FOR EACH STATEMENT EXECUTE FUNCTION user_plan_accruals_references();
