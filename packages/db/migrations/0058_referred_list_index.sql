-- Decision 225: the Rewards page lists the newest REFERRED_LIST_LIMIT people a member referred, read
-- backwards through (referred_by_id, created_at, id), which replaces the plain referred_by_id index (its
-- prefix serves every lookup the old one did). Created only if missing, so that an operator can build
-- it first with CREATE INDEX CONCURRENTLY under this name and definition (docs/operations.md,
-- "Migrations").
CREATE INDEX IF NOT EXISTS "users_referred_by_joined_idx" ON "users" USING btree ("referred_by_id","created_at","id");--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'users_referred_by_joined_idx' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0058: users_referred_by_joined_idx is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;--> statement-breakpoint
DROP INDEX IF EXISTS "users_referred_by_idx";
