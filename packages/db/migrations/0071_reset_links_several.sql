-- Several live reset links per member (decision 238): a link is found by its sha256, and asking for a
-- new one no longer ends the last. The table held one row per member who ever asked, most of them long
-- expired; only live links are kept.
DELETE FROM "password_reset_tokens" WHERE "expires_at" <= now();--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_pkey";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD PRIMARY KEY ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_idx" ON "password_reset_tokens" USING btree ("expires_at");
