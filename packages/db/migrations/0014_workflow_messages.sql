CREATE TABLE "correspondence_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"correspondence_id" uuid NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid,
	"address" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"subject" text,
	"html_body" text,
	"text_body" text,
	"mail_outbox_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "correspondences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"text_body" text NOT NULL,
	"from_address" text,
	"reply_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"bcc" text[] DEFAULT '{}'::text[] NOT NULL,
	"merge_template_id" uuid,
	"merge_object" text,
	"merge_entity_id" uuid,
	"document_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"initiated_by_id" uuid,
	"idempotency_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merge_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"code" text NOT NULL,
	"merge_object" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid,
	"service_id" uuid,
	"vehicle_id" uuid,
	"license_request_id" uuid,
	"inspection_id" uuid,
	"complaint_id" uuid,
	"value" text NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_one_subject" CHECK (num_nonnulls("notes"."user_id", "notes"."service_id", "notes"."vehicle_id", "notes"."license_request_id", "notes"."inspection_id", "notes"."complaint_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "license_request_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "certification_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "retired_by" uuid;--> statement-breakpoint
ALTER TABLE "correspondence_recipients" ADD CONSTRAINT "correspondence_recipients_correspondence_id_correspondences_id_fk" FOREIGN KEY ("correspondence_id") REFERENCES "public"."correspondences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correspondence_recipients_send_idx" ON "correspondence_recipients" USING btree ("correspondence_id","status");--> statement-breakpoint
CREATE INDEX "correspondence_recipients_user_idx" ON "correspondence_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "correspondences_idempotency_key" ON "correspondences" USING btree ("enterprise_id","idempotency_key") WHERE "correspondences"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "correspondences_entity_idx" ON "correspondences" USING btree ("merge_entity_id");--> statement-breakpoint
CREATE INDEX "correspondences_created_idx" ON "correspondences" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merge_templates_name_key" ON "merge_templates" USING btree ("enterprise_id",lower("name")) WHERE "merge_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merge_templates_code_idx" ON "merge_templates" USING btree ("enterprise_id","code");--> statement-breakpoint
CREATE INDEX "notes_user_idx" ON "notes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notes_service_idx" ON "notes" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "notes_vehicle_idx" ON "notes" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "notes_request_idx" ON "notes" USING btree ("license_request_id");--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("enterprise_id","created_at") WHERE "alerts"."retired_at" is null;