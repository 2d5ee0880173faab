CREATE TABLE "member_list_totals" (
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_list_totals_user_id_list_pk" PRIMARY KEY("user_id","list"),
	CONSTRAINT "member_list_totals_rows_check" CHECK ("member_list_totals"."rows" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_list_totals" ADD CONSTRAINT "member_list_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept at commit (a deferred constraint trigger), after every other lock the transaction takes: an
-- investment locks its plan then the cash account, the goal job the cash accounts then the plans, and
-- neither waits on a count row while holding what the other needs (decision 134).
CREATE FUNCTION member_list_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_list_totals AS t (user_id, list, rows) VALUES (NEW.user_id, TG_TABLE_NAME, 1)
      ON CONFLICT (user_id, list) DO UPDATE SET rows = t.rows + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE member_list_totals SET rows = rows - 1 WHERE user_id = OLD.user_id AND list = TG_TABLE_NAME;
  ELSIF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    UPDATE member_list_totals SET rows = rows - 1 WHERE user_id = OLD.user_id AND list = TG_TABLE_NAME;
    INSERT INTO member_list_totals AS t (user_id, list, rows) VALUES (NEW.user_id, TG_TABLE_NAME, 1)
      ON CONFLICT (user_id, list) DO UPDATE SET rows = t.rows + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO member_list_totals (user_id, list, rows)
  SELECT user_id, 'user_plans', count(*) FROM user_plans GROUP BY user_id;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_plans_member_list_totals AFTER INSERT OR DELETE OR UPDATE OF user_id ON user_plans
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION member_list_totals_track();
