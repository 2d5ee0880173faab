-- Decision 250: a money role (superadmin, finance) one superadmin gives waits here for a second superadmin;
-- an admin demoted from superadmin still counts as the second one for 7 days (superadmin_left_at).
CREATE TABLE "admin_grants" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"admin_role" text NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_grants_role_check" CHECK ("admin_grants"."admin_role" in ('superadmin', 'finance'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "superadmin_left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_grants" ADD CONSTRAINT "admin_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_grants" ADD CONSTRAINT "admin_grants_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;