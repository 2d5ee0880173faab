ALTER TABLE "user_profiles" ADD COLUMN "personal_enc" text;--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "first_name";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "last_name";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "address";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "postal_code";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "employment_status";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "source_of_funds";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "source_of_crypto";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "industry";--> statement-breakpoint
ALTER TABLE "user_profiles" DROP COLUMN "total_wealth";