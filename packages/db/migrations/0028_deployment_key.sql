CREATE TABLE "deployment_key" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fingerprint" text NOT NULL,
	"rotating_from" text,
	"created_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "deployment_key_one_row" CHECK ("deployment_key"."id" = 1)
);
