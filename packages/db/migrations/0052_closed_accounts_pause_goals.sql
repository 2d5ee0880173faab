-- Closing an account now pauses its active goals (decision 177): a closed member's goal was due every
-- period for ever, each time skipped and notified. Accounts closed before get the same here.
UPDATE "goals" SET "status" = 'paused', "next_due_on" = NULL, "updated_at" = now()
WHERE "status" = 'active' AND "user_id" IN (SELECT "id" FROM "users" WHERE "closed_at" IS NOT NULL);
