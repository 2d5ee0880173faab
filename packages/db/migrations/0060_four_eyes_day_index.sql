-- Decision 228: four eyes count what one member was paid in the last day, read through
-- (user_id, decided_at) of the paid withdrawals only. Created only if missing, so that an operator can
-- build it first with CREATE INDEX CONCURRENTLY under this name and definition (docs/operations.md,
-- "Migrations").
CREATE INDEX IF NOT EXISTS "withdrawals_user_paid_idx" ON "withdrawals" USING btree ("user_id","decided_at") WHERE "withdrawals"."status" = 'approved';--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'withdrawals_user_paid_idx' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0060: withdrawals_user_paid_idx is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
