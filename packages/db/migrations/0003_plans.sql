CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"apy_bps" integer NOT NULL,
	"locked_apy_bps" integer NOT NULL,
	"duration_days" integer,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plans_rates" CHECK ("plans"."apy_bps" >= 0 and "plans"."locked_apy_bps" >= "plans"."apy_bps" and "plans"."locked_apy_bps" <= 100000),
	CONSTRAINT "plans_amounts" CHECK ("plans"."min_amount" > 0 and "plans"."max_amount" >= "plans"."min_amount"),
	CONSTRAINT "plans_duration" CHECK ("plans"."duration_days" is null or "plans"."duration_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "user_plan_accruals" (
	"user_plan_id" integer NOT NULL,
	"accrual_date" date NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" bigint NOT NULL,
	"entry_id" integer,
	CONSTRAINT "user_plan_accruals_user_plan_id_accrual_date_pk" PRIMARY KEY("user_plan_id","accrual_date")
);
--> statement-breakpoint
CREATE TABLE "user_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"apy_bps" integer NOT NULL,
	"locked_apy_bps" integer NOT NULL,
	"duration_days" integer,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"next_accrual_at" timestamp with time zone NOT NULL,
	"accrued_days" integer DEFAULT 0 NOT NULL,
	"rate_days_bps" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_plans_amount_positive" CHECK ("user_plans"."amount" > 0),
	CONSTRAINT "user_plans_earned" CHECK ("user_plans"."earned" >= 0 and "user_plans"."rate_days_bps" >= 0 and "user_plans"."accrued_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_plan_accruals" ADD CONSTRAINT "user_plan_accruals_user_plan_id_user_plans_id_fk" FOREIGN KEY ("user_plan_id") REFERENCES "public"."user_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plan_accruals" ADD CONSTRAINT "user_plan_accruals_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_unique" ON "plans" USING btree ("name");--> statement-breakpoint
CREATE INDEX "plans_category_idx" ON "plans" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "user_plans_user_idx" ON "user_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_plans_due_idx" ON "user_plans" USING btree ("next_accrual_at") WHERE "user_plans"."status" in ('active', 'locked');