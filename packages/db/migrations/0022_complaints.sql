CREATE TABLE "complaint_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"complaint_id" uuid NOT NULL,
	"investigation_id" uuid,
	"viewer_id" uuid,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"complaint_id" uuid NOT NULL,
	"complaint_monitoring_action_id" uuid NOT NULL,
	"start_date" date,
	"end_date" date,
	"notes" text,
	"completed" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"complaint_id" uuid NOT NULL,
	"investigation_id" uuid,
	"complaint_activity_type_id" uuid,
	"activity_date" date NOT NULL,
	"description" text NOT NULL,
	"hours" numeric(7, 2),
	"performed_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"number" text,
	"complaint_category_id" uuid,
	"complaint_status_id" uuid,
	"user_id" uuid,
	"service_id" uuid,
	"vehicle_id" uuid,
	"certification_id" uuid,
	"subject_name" text,
	"complainant_user_id" uuid,
	"complainant_first_name" text,
	"complainant_last_name" text,
	"complainant_email" text,
	"complainant_phone" text,
	"complainant_address" text,
	"description" text NOT NULL,
	"incident_date" date,
	"incident_location" text,
	"assigned_to" uuid,
	"source" text DEFAULT 'staff' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_one_subject" CHECK (num_nonnulls("complaints"."user_id", "complaints"."service_id", "complaints"."vehicle_id") <= 1)
);
--> statement-breakpoint
CREATE TABLE "investigations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"complaint_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"investigator_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"summary" text,
	"findings" text,
	"outcome" text DEFAULT 'none' NOT NULL,
	"outcome_date" date,
	"outcome_public" boolean DEFAULT false NOT NULL,
	"certification_id" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_activity_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"autonumber_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_monitoring_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"is_closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "complaint_access_log_complaint_idx" ON "complaint_access_log" USING btree ("complaint_id","at");--> statement-breakpoint
CREATE INDEX "complaint_actions_complaint_idx" ON "complaint_actions" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "complaint_activities_complaint_idx" ON "complaint_activities" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "complaint_activities_investigation_idx" ON "complaint_activities" USING btree ("investigation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_number_key" ON "complaints" USING btree ("enterprise_id","number");--> statement-breakpoint
CREATE INDEX "complaints_recent_idx" ON "complaints" USING btree ("enterprise_id","received_at") WHERE "complaints"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "complaints_service_idx" ON "complaints" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "complaints_complainant_idx" ON "complaints" USING btree ("complainant_user_id");--> statement-breakpoint
CREATE INDEX "investigations_complaint_idx" ON "investigations" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "complaint_activity_types_enterprise_idx" ON "complaint_activity_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_activity_types_label_key" ON "complaint_activity_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "complaint_categories_enterprise_idx" ON "complaint_categories" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_categories_label_key" ON "complaint_categories" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "complaint_monitoring_actions_enterprise_idx" ON "complaint_monitoring_actions" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_monitoring_actions_label_key" ON "complaint_monitoring_actions" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "complaint_statuses_enterprise_idx" ON "complaint_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_statuses_label_key" ON "complaint_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
-- Every enterprise gets the complaint events as triggers (new enterprises get them from the seed).
INSERT INTO "triggers" ("enterprise_id", "code", "name", "entity", "kind")
SELECT e."id", v.code, v.name, v.entity, 'event'
FROM "enterprises" e
CROSS JOIN (VALUES
  ('complaint.received', 'Complaint received', 'complaints'),
  ('complaint.statusChanged', 'Complaint status changed', 'complaints')
) AS v(code, name, entity)
ON CONFLICT DO NOTHING;
