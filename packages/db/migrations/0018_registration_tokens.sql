CREATE TABLE "registration_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "registration_tokens_expires_idx" ON "registration_tokens" USING btree ("expires_at");