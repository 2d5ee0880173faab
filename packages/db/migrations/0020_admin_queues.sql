CREATE TABLE "admin_queue_totals" (
	"queue" text PRIMARY KEY NOT NULL,
	"pending_count" bigint DEFAULT 0 NOT NULL,
	"pending_amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deposits_confirmed_idx" ON "deposits" USING btree ("confirmed_at") WHERE "deposits"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_decided_idx" ON "withdrawals" USING btree ("decided_at") WHERE "withdrawals"."status" = 'approved';