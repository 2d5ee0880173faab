-- Decision 232: the clean-up deletes delivered mails (sent or failed) 90 days after they were written,
-- oldest first, through (created_at) of those rows only. Created only if missing, so that an operator
-- can build it first with CREATE INDEX CONCURRENTLY under this name and definition
-- (docs/operations.md, "Migrations").
CREATE INDEX IF NOT EXISTS "mail_outbox_delivered_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" in ('sent', 'failed');--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'mail_outbox_delivered_idx' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0063: mail_outbox_delivered_idx is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
