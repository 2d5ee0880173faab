-- The bank's reference of a confirmed bank transfer (decision 237): empty on every existing row; one
-- statement line confirms one transfer. The index is created only if missing, so that an operator can
-- build it first with CREATE UNIQUE INDEX CONCURRENTLY under this name and definition
-- (docs/operations.md, "Migrations").
ALTER TABLE "deposits" ADD COLUMN "bank_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deposits_bank_reference_unique" ON "deposits" USING btree ("bank_reference") WHERE "deposits"."status" = 'confirmed';--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'deposits_bank_reference_unique' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0070: deposits_bank_reference_unique is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
