ALTER TABLE "points_transactions" ADD COLUMN "deposit_id" integer;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_transactions_deposit_kind_unique" ON "points_transactions" USING btree ("deposit_id","kind") WHERE "points_transactions"."deposit_id" is not null;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_sign" CHECK (("points_transactions"."kind" = 'referral_reward') = ("points_transactions"."points" > 0));--> statement-breakpoint
-- Rewards given before this migration: the deposit that earned one is the friend's first to be
-- confirmed (rewardReferrer runs in that deposit's transaction, once per friend), whose confirmed_at
-- is the reward's created_at (one clock reading); that match first, else the earliest. Decision 214.
UPDATE "points_transactions" p SET "deposit_id" = (
  SELECT d."id" FROM "deposits" d
  WHERE d."user_id" = p."related_user_id" AND d."confirmed_at" IS NOT NULL
  ORDER BY (d."confirmed_at" = p."created_at") DESC, d."confirmed_at", d."id" LIMIT 1
) WHERE p."kind" = 'referral_reward' AND p."deposit_id" IS NULL;
