-- Closing an account now deletes its address changes (both addresses in clear, and an undo link that
-- could put an old address back on the closed row); accounts closed before that lose theirs here.
DELETE FROM "email_changes" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "closed_at" IS NOT NULL);
