-- The maturity query of every scheduler tick takes matured plans oldest end first, then by id, up to
-- a batch: the index in that order lets the plan stop at the batch's size (decision 139).
DROP INDEX "user_plans_maturity_idx";--> statement-breakpoint
CREATE INDEX "user_plans_maturity_idx" ON "user_plans" USING btree ("ends_at","id") WHERE "user_plans"."status" in ('active', 'locked');