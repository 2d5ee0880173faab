CREATE TABLE "loan_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"amount_requested" bigint NOT NULL,
	"term" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_applications_amount" CHECK ("loan_applications"."amount_requested" > 0),
	CONSTRAINT "loan_applications_term" CHECK ("loan_applications"."term" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "loan_instalments" (
	"loan_id" integer NOT NULL,
	"number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"paid_principal" bigint DEFAULT 0 NOT NULL,
	"paid_interest" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"shortfall_notified_at" timestamp with time zone,
	CONSTRAINT "loan_instalments_loan_id_number_pk" PRIMARY KEY("loan_id","number"),
	CONSTRAINT "loan_instalments_parts" CHECK ("loan_instalments"."principal" >= 0 and "loan_instalments"."interest" >= 0 and "loan_instalments"."principal" + "loan_instalments"."interest" > 0
        and "loan_instalments"."paid_principal" between 0 and "loan_instalments"."principal"
        and "loan_instalments"."paid_interest" between 0 and "loan_instalments"."interest")
);
--> statement-breakpoint
CREATE TABLE "loan_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"instalment_number" integer,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"entry_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_payments_parts" CHECK ("loan_payments"."principal" >= 0 and "loan_payments"."interest" >= 0 and "loan_payments"."principal" + "loan_payments"."interest" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"change" text NOT NULL,
	"duration" integer,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_plans_amounts" CHECK ("loan_plans"."min_amount" > 0 and "loan_plans"."max_amount" >= "loan_plans"."min_amount"),
	CONSTRAINT "loan_plans_duration" CHECK ("loan_plans"."duration" is null or "loan_plans"."duration" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"change" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"interval" text NOT NULL,
	"term" integer NOT NULL,
	"principal" bigint NOT NULL,
	"profit" bigint NOT NULL,
	"paid_principal" bigint DEFAULT 0 NOT NULL,
	"paid_interest" bigint DEFAULT 0 NOT NULL,
	"waived_interest" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"disbursed_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loans_principal" CHECK ("loans"."principal" > 0 and "loans"."profit" >= 0),
	CONSTRAINT "loans_paid" CHECK ("loans"."paid_principal" between 0 and "loans"."principal"
        and "loans"."paid_interest" >= 0 and "loans"."waived_interest" >= 0
        and "loans"."paid_interest" + "loans"."waived_interest" <= "loans"."profit")
);
--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_plan_id_loan_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."loan_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_plan_id_loan_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."loan_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_applications_user_idx" ON "loan_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_applications_status_idx" ON "loan_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_applications_one_pending" ON "loan_applications" USING btree ("user_id","plan_id") WHERE "loan_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "loan_instalments_open_idx" ON "loan_instalments" USING btree ("user_id","due_date") WHERE "loan_instalments"."status" = 'open';--> statement-breakpoint
CREATE INDEX "loan_payments_loan_idx" ON "loan_payments" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_payments_entry_unique" ON "loan_payments" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_plans_name_unique" ON "loan_plans" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_application_unique" ON "loans" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","created_at");