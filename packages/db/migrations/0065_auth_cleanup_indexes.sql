-- The auth clean-up job deletes, every minute, failures counted more than a day ago and codes and
-- sign-in challenges that expired: through these indexes, not by reading each table (an attack from
-- many addresses fills auth_failures). Created only if missing, so that an operator can build them
-- first with CREATE INDEX CONCURRENTLY under these names and definitions (docs/operations.md).
CREATE INDEX IF NOT EXISTS "auth_failures_created_idx" ON "auth_failures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_otps_expires_idx" ON "email_otps" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "two_factor_challenges_expires_idx" ON "two_factor_challenges" USING btree ("expires_at");--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname IN ('auth_failures_created_idx', 'email_otps_expires_idx',
                                 'two_factor_challenges_expires_idx') AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0065: an auth clean-up index is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
