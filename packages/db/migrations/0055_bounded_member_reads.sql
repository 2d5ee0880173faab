-- The category of a notification's kind, as notificationCategory() in @app/shared says it (decision 221;
-- a test compares the two for every kind): the bell of a member who turned a category off reads each
-- shown category through the indexes below.
CREATE OR REPLACE FUNCTION notification_category(kind text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    select case
      when starts_with(kind, 'goal_') then 'goals'
      when starts_with(kind, 'loan_') then 'loans'
      when starts_with(kind, 'security_') then 'security'
      when starts_with(kind, 'news_') then 'product_news'
      else 'money'
    end
  $$;--> statement-breakpoint
CREATE INDEX "audit_log_sign_in_ip_idx" ON "audit_log" USING btree ("subject_id","ip") WHERE "audit_log"."subject_type" = 'user' and "audit_log"."action" = 'auth.login';--> statement-breakpoint
CREATE INDEX "notifications_category_idx" ON "notifications" USING btree ("user_id",notification_category("kind"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_category_idx" ON "notifications" USING btree ("user_id",notification_category("kind")) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "exit_quotes_live_idx" ON "exit_quotes" USING btree ("user_plan_id","expires_at") WHERE "exit_quotes"."used_at" is null;--> statement-breakpoint
-- The unread count reads notifications_unread_category_idx by its first column now.
DROP INDEX "notifications_unread_idx";
