ALTER TABLE "help_articles" DROP CONSTRAINT "help_articles_slug_unique";--> statement-breakpoint
ALTER TABLE "help_faqs" DROP CONSTRAINT "help_faqs_question_unique";--> statement-breakpoint
DROP INDEX "help_articles_order_idx";--> statement-breakpoint
DROP INDEX "help_faqs_order_idx";--> statement-breakpoint
ALTER TABLE "help_articles" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "help_faqs" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "help_articles" drop column "search";--> statement-breakpoint
ALTER TABLE "help_articles" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector((case language when 'es' then 'spanish'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), coalesce(title, '')), 'A') || setweight(to_tsvector((case language when 'es' then 'spanish'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), coalesce(summary, '')), 'B') || setweight(to_tsvector((case language when 'es' then 'spanish'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), coalesce(body, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "help_faqs" drop column "search";--> statement-breakpoint
ALTER TABLE "help_faqs" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector((case language when 'es' then 'spanish'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), coalesce(question, '')), 'A') || setweight(to_tsvector((case language when 'es' then 'spanish'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), coalesce(answer, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "help_articles_search_idx" ON "help_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "help_faqs_search_idx" ON "help_faqs" USING gin ("search");--> statement-breakpoint
ALTER TABLE "help_faqs" ADD COLUMN "translation_of" integer;--> statement-breakpoint
ALTER TABLE "help_faqs" ADD CONSTRAINT "help_faqs_translation_of_help_faqs_id_fk" FOREIGN KEY ("translation_of") REFERENCES "public"."help_faqs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_articles_order_idx" ON "help_articles" USING btree ("language","published","position");--> statement-breakpoint
CREATE INDEX "help_faqs_order_idx" ON "help_faqs" USING btree ("language","published","position");--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_slug_language_unique" UNIQUE("slug","language");--> statement-breakpoint
ALTER TABLE "help_faqs" ADD CONSTRAINT "help_faqs_question_language_unique" UNIQUE("question","language");--> statement-breakpoint
ALTER TABLE "help_faqs" ADD CONSTRAINT "help_faqs_translation_language_unique" UNIQUE("translation_of","language");--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_language_check" CHECK ("help_articles"."language" in ('en', 'es', 'ar'));--> statement-breakpoint
ALTER TABLE "help_faqs" ADD CONSTRAINT "help_faqs_language_check" CHECK ("help_faqs"."language" in ('en', 'es', 'ar'));
