CREATE TABLE "compact_feed_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"transport" text NOT NULL,
	"destination" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"detail" text,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "compact_feed_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"file_date" date NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text NOT NULL,
	"licence_count" integer NOT NULL,
	"adverse_action_count" integer NOT NULL,
	"made_by" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "national_registry_resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"registry_data_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compact_feed_deliveries" ADD CONSTRAINT "compact_feed_deliveries_file_id_compact_feed_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."compact_feed_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compact_feed_deliveries_file_idx" ON "compact_feed_deliveries" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "compact_feed_files_recent_idx" ON "compact_feed_files" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compact_feed_files_daily_key" ON "compact_feed_files" USING btree ("enterprise_id","file_date") WHERE "compact_feed_files"."made_by" = 'schedule';--> statement-breakpoint
CREATE UNIQUE INDEX "national_registry_resolutions_key" ON "national_registry_resolutions" USING btree ("registry_data_id","kind");