CREATE TABLE "plan_rate_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"apy_bps_before" integer NOT NULL,
	"apy_bps_after" integer NOT NULL,
	"locked_apy_bps_before" integer NOT NULL,
	"locked_apy_bps_after" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"renewals_from" timestamp with time zone NOT NULL,
	"changed_by" integer,
	CONSTRAINT "plan_rate_changes_rates" CHECK ("plan_rate_changes"."apy_bps_before" >= 0 and "plan_rate_changes"."apy_bps_after" >= 0 and "plan_rate_changes"."locked_apy_bps_before" >= "plan_rate_changes"."apy_bps_before" and "plan_rate_changes"."locked_apy_bps_after" >= "plan_rate_changes"."apy_bps_after"),
	CONSTRAINT "plan_rate_changes_notice" CHECK ("plan_rate_changes"."renewals_from" >= "plan_rate_changes"."changed_at")
);
--> statement-breakpoint
ALTER TABLE "plan_rate_changes" ADD CONSTRAINT "plan_rate_changes_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_rate_changes" ADD CONSTRAINT "plan_rate_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_rate_changes_renewals_idx" ON "plan_rate_changes" USING btree ("plan_id","renewals_from","id");--> statement-breakpoint
CREATE INDEX "plan_rate_changes_history_idx" ON "plan_rate_changes" USING btree ("plan_id","changed_at","id");