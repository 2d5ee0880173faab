CREATE TABLE "balance_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"member_reason" text NOT NULL,
	"note" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"proposed_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"entry_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "balance_corrections_amount_positive" CHECK ("balance_corrections"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_owner";--> statement-breakpoint
ALTER TABLE "balance_corrections" ADD CONSTRAINT "balance_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_corrections" ADD CONSTRAINT "balance_corrections_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_corrections" ADD CONSTRAINT "balance_corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_corrections_status_idx" ON "balance_corrections" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "balance_corrections_user_idx" ON "balance_corrections" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_owner" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('cash', 'invested', 'withdrawal_hold', 'loan', 'debt'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" in ('external', 'yield_expense', 'rewards_expense', 'interest_income', 'adjustments')));--> statement-breakpoint
-- The platform's adjustments account: the other side of every balance correction (decision 182).
INSERT INTO ledger_accounts (user_id, kind, balance, created_at) VALUES (NULL, 'adjustments', 0, now()) ON CONFLICT DO NOTHING;
