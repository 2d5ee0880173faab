DROP INDEX "ledger_entries_user_kind_idx";--> statement-breakpoint
DROP INDEX "ledger_postings_entry_idx";--> statement-breakpoint
DROP INDEX "deposits_user_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "withdrawals_user_idx";--> statement-breakpoint
DROP INDEX "user_plans_user_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_user_kind_idx" ON "ledger_entries" USING btree ("user_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id","account_id");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_plans_user_idx" ON "user_plans" USING btree ("user_id","created_at","id");