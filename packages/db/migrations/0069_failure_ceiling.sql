-- The ceiling on an account's consecutive failures (decision 236): the failures it counts are now kept
-- 30 days, the others (addresses', the password step's by email, reset links asked for) still a day;
-- the clean-up deletes those through this partial index. Created only if missing, so that an operator
-- can build it first with CREATE INDEX CONCURRENTLY under this name and definition
-- (docs/operations.md, "Migrations").
CREATE INDEX IF NOT EXISTS "auth_failures_window_only_idx" ON "auth_failures" USING btree ("created_at") WHERE ("auth_failures"."subject" like 'ip:%' or "auth_failures"."scope" in ('login', 'reset_request'));--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'auth_failures_window_only_idx' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0069: auth_failures_window_only_idx is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
