-- Decision 221: member reads by their own index. The indexes are created only if missing, so that on a
-- large database an operator can build them first with CREATE INDEX CONCURRENTLY under these names and
-- definitions (docs/operations.md, "Migrations"); otherwise each holds writes to its table until the
-- migrations' transaction commits.
--
-- The category of a notification's kind, as notificationCategory() in @app/shared says it (a test
-- compares the two for every kind): the bell of a member who turned a category off reads each shown
-- category through the indexes below. Two indexes store its results: a change of its rules needs a new
-- function name, or a REINDEX of both indexes in the same migration, or they answer wrong rows.
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
CREATE INDEX IF NOT EXISTS "audit_log_sign_in_ip_idx" ON "audit_log" USING btree ("subject_id","ip") WHERE "audit_log"."subject_type" = 'user' and "audit_log"."action" = 'auth.login';--> statement-breakpoint
-- Ascending, so that read backwards it serves the bell's `created_at desc, id desc`: the index it
-- replaces was `desc nulls last`, which that order cannot use (every notification of the member sorted).
CREATE INDEX IF NOT EXISTS "notifications_user_order_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_category_idx" ON "notifications" USING btree ("user_id",notification_category("kind"),"created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_unread_category_idx" ON "notifications" USING btree ("user_id",notification_category("kind")) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exit_quotes_live_idx" ON "exit_quotes" USING btree ("user_plan_id","expires_at") WHERE "exit_quotes"."used_at" is null;--> statement-breakpoint
-- An index an operator built beforehand and whose CREATE INDEX CONCURRENTLY failed stays INVALID under
-- its name, and IF NOT EXISTS would keep it: refuse to go on (and to drop the old indexes) if so.
DO $$
DECLARE invalid text;
BEGIN
  SELECT string_agg(c.relname, ', ') INTO invalid
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  WHERE c.relname IN ('audit_log_sign_in_ip_idx', 'notifications_user_order_idx', 'notifications_category_idx',
    'notifications_unread_category_idx', 'exit_quotes_live_idx')
    AND NOT i.indisvalid;
  IF invalid IS NOT NULL THEN
    RAISE EXCEPTION 'migration 0055: invalid indexes (a failed CREATE INDEX CONCURRENTLY?): %. Drop them and start again.', invalid;
  END IF;
END $$;--> statement-breakpoint
-- Served now by notifications_user_order_idx and, for the unread count, notifications_unread_category_idx.
DROP INDEX IF EXISTS "notifications_user_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "notifications_unread_idx";
