ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retain_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_identity_enc" text;