CREATE TABLE "user_plan_compounding" (
	"user_plan_id" integer PRIMARY KEY NOT NULL,
	"reinvest" boolean NOT NULL,
	"base" bigint NOT NULL,
	"growth" numeric(80, 0) NOT NULL,
	"from_rate_days" bigint NOT NULL,
	"from_earned" bigint NOT NULL,
	"reinvested" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_plan_compounding_state" CHECK ("user_plan_compounding"."base" > 0 and "user_plan_compounding"."growth" > 0 and "user_plan_compounding"."from_rate_days" >= 0 and "user_plan_compounding"."from_earned" >= 0 and "user_plan_compounding"."reinvested" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_plan_compounding" ADD CONSTRAINT "user_plan_compounding_user_plan_id_user_plans_id_fk" FOREIGN KEY ("user_plan_id") REFERENCES "public"."user_plans"("id") ON DELETE restrict ON UPDATE no action;