CREATE TABLE "exit_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"principal" bigint NOT NULL,
	"earned" bigint NOT NULL,
	"forfeited" bigint NOT NULL,
	"penalty" bigint NOT NULL,
	"returned" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "exit_quotes_figures" CHECK ("exit_quotes"."principal" > 0 and "exit_quotes"."earned" >= 0 and "exit_quotes"."forfeited" >= 0 and "exit_quotes"."penalty" >= 0
        and "exit_quotes"."returned" >= 0 and "exit_quotes"."returned" <= "exit_quotes"."principal")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "exit_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "exit_penalty_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "exit_forfeit" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "exit_quotes" ADD CONSTRAINT "exit_quotes_user_plan_id_user_plans_id_fk" FOREIGN KEY ("user_plan_id") REFERENCES "public"."user_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_quotes" ADD CONSTRAINT "exit_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exit_quotes_plan_idx" ON "exit_quotes" USING btree ("user_plan_id","created_at");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_exit_rule" CHECK ("plans"."exit_penalty_bps" between 0 and 10000 and "plans"."exit_forfeit" in ('none', 'current_period', 'all'));