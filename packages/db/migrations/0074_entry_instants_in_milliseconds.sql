-- Decision 245: a ledger entry's instant is whole milliseconds, as the API's clock writes it. Migration
-- 0073 dated its restated exit entries with now() (microseconds), and ledger_post carried such an
-- instant on to the member's next entries; a reader that takes an instant into JavaScript (the batch
-- jobs' chain start, Activity's export cursor) rounds it to the millisecond, so a batch could date an
-- entry before the balance it was chained on, and the export could skip rows sharing that instant.
-- The entries already written are rounded down to their millisecond: for one member the order
-- (created_at, id) stays the order their balances were taken, and an entry a batch dated before them
-- falls back after them by its id. Entries are append-only (ledger_refuse_change); the guard is lifted
-- for this one statement of the migration's transaction only.
ALTER TABLE "ledger_entries" DISABLE TRIGGER ledger_entries_immutable;
--> statement-breakpoint
UPDATE "ledger_entries" SET "created_at" = date_trunc('milliseconds', "created_at")
WHERE "created_at" <> date_trunc('milliseconds', "created_at");
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER ledger_entries_immutable;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_at_ms" CHECK (date_trunc('milliseconds', "ledger_entries"."created_at" at time zone 'UTC') = ("ledger_entries"."created_at" at time zone 'UTC'));
