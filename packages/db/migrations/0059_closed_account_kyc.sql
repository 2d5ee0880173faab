-- Closing an account now takes its identity verification out of the back office and archives its
-- files until the retention period ends, when the erasure job removes them (decision 227). Accounts
-- closed before get the same here. No closed account can have reached the end of its retention period
-- yet (at least one year, decision 177), so no file is due for erasure.
DELETE FROM "kyc_verifications" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "status" = 'closed');
--> statement-breakpoint
UPDATE "kyc_documents" SET "state" = 'archived'
WHERE "state" <> 'archived' AND "user_id" IN (SELECT "id" FROM "users" WHERE "status" = 'closed');
