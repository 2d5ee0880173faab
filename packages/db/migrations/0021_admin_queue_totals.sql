-- The pending work of each admin queue, kept in admin_queue_totals by row triggers in the transaction
-- that moves an item (decision 126): a queue page or the overview reads one row instead of counting
-- and summing the queue. A row counts while it is pending (for deposits: a pending bank transfer).
CREATE FUNCTION admin_queue_pending(tbl text, r record) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF tbl = 'deposits' THEN
    RETURN r.status = 'pending' AND r.method = 'bank_transfer';
  END IF;
  RETURN r.status = 'pending';
END;
$$;
--> statement-breakpoint
CREATE FUNCTION admin_queue_amount(tbl text, r record) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF tbl = 'loan_applications' THEN
    RETURN r.amount_requested;
  END IF;
  RETURN r.amount;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION admin_queue_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  queue_name text := TG_TABLE_NAME;
  delta_count bigint := 0;
  delta_amount bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND admin_queue_pending(queue_name, OLD) THEN
    delta_count := delta_count - 1;
    delta_amount := delta_amount - admin_queue_amount(queue_name, OLD);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND admin_queue_pending(queue_name, NEW) THEN
    delta_count := delta_count + 1;
    delta_amount := delta_amount + admin_queue_amount(queue_name, NEW);
  END IF;
  IF delta_count <> 0 OR delta_amount <> 0 THEN
    UPDATE admin_queue_totals
      SET pending_count = pending_count + delta_count, pending_amount = pending_amount + delta_amount
      WHERE queue = queue_name;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO admin_queue_totals (queue, pending_count, pending_amount)
  SELECT 'deposits', count(*), coalesce(sum(amount), 0) FROM deposits
    WHERE status = 'pending' AND method = 'bank_transfer'
  UNION ALL
  SELECT 'withdrawals', count(*), coalesce(sum(amount), 0) FROM withdrawals WHERE status = 'pending'
  UNION ALL
  SELECT 'loan_applications', count(*), coalesce(sum(amount_requested), 0) FROM loan_applications
    WHERE status = 'pending';
--> statement-breakpoint
CREATE TRIGGER deposits_admin_queue_totals AFTER INSERT OR UPDATE OR DELETE ON deposits
  FOR EACH ROW EXECUTE FUNCTION admin_queue_totals_track();
--> statement-breakpoint
CREATE TRIGGER withdrawals_admin_queue_totals AFTER INSERT OR UPDATE OR DELETE ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION admin_queue_totals_track();
--> statement-breakpoint
CREATE TRIGGER loan_applications_admin_queue_totals AFTER INSERT OR UPDATE OR DELETE ON loan_applications
  FOR EACH ROW EXECUTE FUNCTION admin_queue_totals_track();
