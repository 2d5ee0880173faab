DROP INDEX "notifications_user_idx";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);