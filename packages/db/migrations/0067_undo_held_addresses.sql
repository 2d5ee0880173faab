-- Sign-up and an email change refuse an address whose undo link is still live (decision 175, amended
-- 2026-12-02): they look it up through this index, whose predicate keeps only changes that can still
-- be undone. Created only if missing, so that an operator can build it first with CREATE INDEX
-- CONCURRENTLY under this name and definition (docs/operations.md, "Migrations").
CREATE INDEX IF NOT EXISTS "email_changes_undo_held_idx" ON "email_changes" USING btree ("old_email") WHERE "email_changes"."undo_token_hash" is not null and "email_changes"."undone_at" is null;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'email_changes_undo_held_idx' AND NOT i.indisvalid) THEN
    RAISE EXCEPTION 'migration 0067: email_changes_undo_held_idx is invalid (a failed CREATE INDEX CONCURRENTLY?). Drop it and start again.';
  END IF;
END $$;
