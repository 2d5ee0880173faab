ALTER TABLE "user_plans" ADD COLUMN "at_maturity" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "renewed_from_id" integer;--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "renewal_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_renewed_from_id_user_plans_id_fk" FOREIGN KEY ("renewed_from_id") REFERENCES "public"."user_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_plans_renewed_from_unique" ON "user_plans" USING btree ("renewed_from_id") WHERE "user_plans"."renewed_from_id" is not null;--> statement-breakpoint
CREATE INDEX "user_plans_renewal_notice_idx" ON "user_plans" USING btree ("ends_at","id") WHERE "user_plans"."status" in ('active', 'locked') and "user_plans"."at_maturity" <> 'cash' and "user_plans"."renewal_notice_at" is null;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_at_maturity" CHECK ("user_plans"."at_maturity" in ('cash', 'renew', 'renew_with_earnings'));