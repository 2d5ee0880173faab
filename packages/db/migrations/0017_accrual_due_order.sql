DROP INDEX "user_plans_due_idx";--> statement-breakpoint
CREATE INDEX "user_plans_maturity_idx" ON "user_plans" USING btree ("ends_at") WHERE "user_plans"."status" in ('active', 'locked');--> statement-breakpoint
CREATE INDEX "user_plans_due_idx" ON "user_plans" USING btree ("next_accrual_at","id") WHERE "user_plans"."status" in ('active', 'locked');