-- Four eyes on bank-transfer confirmations (decision 235): the first of two confirmations of a
-- transfer above the threshold, and the index through which a decision reads what was confirmed to
-- the member in the last day. The columns are empty on every existing row. The index is created only
-- if missing, so that an operator can build it first with CREATE INDEX CONCURRENTLY under this name
-- and definition (docs/operations.md, "Migrations").
ALTER TABLE "deposits" ADD COLUMN "first_approved_by" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposits_user_bank_confirmed_idx" ON "deposits" USING btree ("user_id","confirmed_at") WHERE "deposits"."method" = 'bank_transfer' and "deposits"."status" = 'confirmed';--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'deposits_user_bank_confirmed_idx' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0068: deposits_user_bank_confirmed_idx is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
