-- The contribution job looks each minute for goals whose target is reached and that are not completed
-- yet (normally none): through this index, whose predicate is the job's filter, the look costs the
-- same however many goals there are. Created only if missing, so that an operator can build it first
-- with CREATE INDEX CONCURRENTLY under this name and definition (docs/operations.md, "Migrations").
CREATE INDEX IF NOT EXISTS "goals_reached_idx" ON "goals" USING btree ("id") WHERE "goals"."status" in ('active', 'paused') and "goals"."invested" + "goals"."earned" >= "goals"."target_amount";--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'goals_reached_idx' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0064: goals_reached_idx is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
