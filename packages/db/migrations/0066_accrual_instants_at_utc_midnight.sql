-- The accrual added interval '1 day' to a plan's next accrual, which follows the session's time zone:
-- on a database whose zone keeps summer time, a change of clocks moved running plans off 00:00 UTC
-- (23:00 in spring, where that day's reference already stood and every batch failed; 01:00 in autumn).
-- It adds 24 hours since 2026-12-02. Each running plan's next accrual goes back to the nearest 00:00
-- UTC, written so that the session's own zone does not matter. Plans already at midnight are untouched.
UPDATE "user_plans"
SET "next_accrual_at" = date_trunc('day', ("next_accrual_at" + interval '12 hours') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
WHERE "status" IN ('active', 'locked')
  AND ("next_accrual_at" AT TIME ZONE 'UTC')::time <> time '00:00';
