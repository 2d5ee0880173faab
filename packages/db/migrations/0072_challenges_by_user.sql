-- Sign-ins waiting for their second factor are ended with the user's sessions (a password change or
-- reset, a suspension, a closure): found by user. The table holds a day of challenges at most.
CREATE INDEX "two_factor_challenges_user_idx" ON "two_factor_challenges" USING btree ("user_id");
