CREATE TABLE "public_upload_usage" (
	"day" date NOT NULL,
	"address" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "public_upload_usage_day_address_pk" PRIMARY KEY("day","address")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "screening" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "screened_by" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "screened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_screened_by_users_id_fk" FOREIGN KEY ("screened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_complaint_idx" ON "documents" USING btree ("complaint_id") WHERE "documents"."complaint_id" is not null;