CREATE TABLE "goal_contributions" (
	"goal_id" integer NOT NULL,
	"period" integer NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"amount" bigint NOT NULL,
	"user_plan_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "goal_contributions_goal_id_period_pk" PRIMARY KEY("goal_id","period")
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"name" text NOT NULL,
	"target_amount" bigint NOT NULL,
	"target_frequency" text,
	"target_date" date,
	"unit_amount" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"invested" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"next_period" integer DEFAULT 1 NOT NULL,
	"next_due_on" date,
	"anchor_on" date NOT NULL,
	"anchor_period" integer DEFAULT 0 NOT NULL,
	"contributions" integer DEFAULT 0 NOT NULL,
	"skipped_periods" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "goals_target" CHECK ("goals"."target_amount" >= 100),
	CONSTRAINT "goals_unit" CHECK ("goals"."unit_amount" > 0),
	CONSTRAINT "goals_totals" CHECK ("goals"."invested" >= 0 and "goals"."earned" >= 0),
	CONSTRAINT "goals_periods" CHECK ("goals"."next_period" >= 1 and "goals"."contributions" >= 0 and "goals"."skipped_periods" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_plans" ADD COLUMN "goal_id" integer;--> statement-breakpoint
ALTER TABLE "goal_contributions" ADD CONSTRAINT "goal_contributions_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_contributions" ADD CONSTRAINT "goal_contributions_user_plan_id_user_plans_id_fk" FOREIGN KEY ("user_plan_id") REFERENCES "public"."user_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_user_idx" ON "goals" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "goals_due_idx" ON "goals" USING btree ("next_due_on","id") WHERE "goals"."status" = 'active';--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_plans_goal_idx" ON "user_plans" USING btree ("goal_id") WHERE "user_plans"."goal_id" is not null;