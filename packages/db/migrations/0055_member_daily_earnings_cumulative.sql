-- Each day of the portfolio chart's aggregate carries the member's earnings up to and including it
-- (decision 218): the chart reads its last days by index instead of summing the whole history. The
-- rows already there are filled from their own amounts, oldest day first.
ALTER TABLE "member_daily_earnings" ADD COLUMN "cumulative" bigint;--> statement-breakpoint
UPDATE "member_daily_earnings" m SET "cumulative" = r.running
FROM (
  SELECT user_id, day, sum(amount) OVER (PARTITION BY user_id ORDER BY day) AS running
  FROM "member_daily_earnings"
) r
WHERE r.user_id = m.user_id AND r.day = m.day;--> statement-breakpoint
ALTER TABLE "member_daily_earnings" ALTER COLUMN "cumulative" SET NOT NULL;
