-- The portfolio chart's per-day aggregate (member_daily_earnings), filled from the accrual rows already
-- written; from now on the accrual moves it in the transaction that writes them.
INSERT INTO member_daily_earnings (user_id, day, amount)
SELECT p.user_id, a.accrual_date, sum(a.amount)
FROM user_plan_accruals a
JOIN user_plans p ON p.id = a.user_plan_id
GROUP BY p.user_id, a.accrual_date;
