-- The ceiling on an account's consecutive failures (decision 236): accounts' failures are now kept
-- 30 days, addresses' still a day; the clean-up deletes the addresses' through this partial index.
-- Created only if missing, so that an operator can build it first with CREATE INDEX CONCURRENTLY under
-- this name and definition (docs/operations.md, "Migrations").
CREATE INDEX IF NOT EXISTS "auth_failures_address_created_idx" ON "auth_failures" USING btree ("created_at") WHERE "auth_failures"."subject" like 'ip:%';--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'auth_failures_address_created_idx' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0069: auth_failures_address_created_idx is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
