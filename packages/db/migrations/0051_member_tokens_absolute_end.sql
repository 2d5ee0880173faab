-- Decision 216: a member session ends its idle window after sign-in (30 days, 90 with remember),
-- however it is used. Tokens issued before get that end too, and end now if it has passed.
UPDATE "api_tokens"
SET "absolute_expires_at" = "created_at" + make_interval(days => "idle_days")
WHERE "kind" = 'member' AND "absolute_expires_at" IS NULL;
--> statement-breakpoint
UPDATE "api_tokens"
SET "expires_at" = "absolute_expires_at"
WHERE "kind" = 'member' AND "expires_at" > "absolute_expires_at";
