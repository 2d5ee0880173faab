CREATE TABLE "ledger_account_totals" (
	"account_id" integer NOT NULL,
	"entry_kind" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"entries" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_account_totals_account_id_entry_kind_pk" PRIMARY KEY("account_id","entry_kind")
);
--> statement-breakpoint
ALTER TABLE "ledger_account_totals" ADD CONSTRAINT "ledger_account_totals_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;