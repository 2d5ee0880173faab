-- Decision 225: a member's referral points kept (rewards less reversals) as a running total on their
-- row, moved with each referral points row (rewards.repository addPoints), so the Rewards page reads
-- one row instead of summing the member's referral history. The ledger check (mismatchedPoints)
-- proves it against the rows.
ALTER TABLE "users" ADD COLUMN "referral_points" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "users" u SET "referral_points" = t.total
FROM (
  SELECT user_id, sum(points) AS total FROM points_transactions
  WHERE kind IN ('referral_reward', 'referral_reversal')
  GROUP BY user_id
) t
WHERE t.user_id = u.id AND t.total <> 0;
