DROP INDEX "kyc_verifications_queue_idx";--> statement-breakpoint
CREATE INDEX "kyc_verifications_queue_idx" ON "kyc_verifications" USING btree ("status","submitted_at","user_id");