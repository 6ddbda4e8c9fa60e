CREATE TABLE "license_scheduled_task_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_scheduled_task_id" uuid NOT NULL,
	"run_kind" text NOT NULL,
	"run_by" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"selected_count" integer DEFAULT 0 NOT NULL,
	"alerts_created" integer DEFAULT 0 NOT NULL,
	"alerts_retired" integer DEFAULT 0 NOT NULL,
	"letters_queued" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "license_scheduled_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"license_id" uuid,
	"license_category_id" uuid,
	"frequency_begin_time" text DEFAULT '12:00:00' NOT NULL,
	"expires_within_days" integer,
	"certification_status_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"level_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"merge_template_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"create_alerts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retire_alerts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_configuration_triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"trigger_configuration_id" uuid NOT NULL,
	"trigger_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"trigger_category_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"trigger_id" uuid NOT NULL,
	"trigger_configuration_trigger_id" uuid NOT NULL,
	"trigger_configuration_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"object_id" text NOT NULL,
	"event_id" uuid,
	"fired_by" uuid,
	"infinite_found" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"entity" text NOT NULL,
	"kind" text DEFAULT 'event' NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "license_scheduled_task_logs" ADD CONSTRAINT "license_scheduled_task_logs_license_scheduled_task_id_license_scheduled_tasks_id_fk" FOREIGN KEY ("license_scheduled_task_id") REFERENCES "public"."license_scheduled_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_configuration_triggers" ADD CONSTRAINT "trigger_configuration_triggers_trigger_configuration_id_trigger_configurations_id_fk" FOREIGN KEY ("trigger_configuration_id") REFERENCES "public"."trigger_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_configuration_triggers" ADD CONSTRAINT "trigger_configuration_triggers_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_scheduled_task_logs_task_idx" ON "license_scheduled_task_logs" USING btree ("license_scheduled_task_id","started_at");--> statement-breakpoint
CREATE INDEX "trigger_configuration_triggers_trigger_idx" ON "trigger_configuration_triggers" USING btree ("enterprise_id","trigger_id");--> statement-breakpoint
CREATE INDEX "trigger_configuration_triggers_config_idx" ON "trigger_configuration_triggers" USING btree ("trigger_configuration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_configurations_name_key" ON "trigger_configurations" USING btree ("enterprise_id",lower("name")) WHERE "trigger_configurations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "trigger_logs_config_trigger_idx" ON "trigger_logs" USING btree ("trigger_configuration_trigger_id","created_at");--> statement-breakpoint
CREATE INDEX "trigger_logs_object_idx" ON "trigger_logs" USING btree ("enterprise_id","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_logs_event_key" ON "trigger_logs" USING btree ("event_id","trigger_configuration_trigger_id") WHERE "trigger_logs"."event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "triggers_code_key" ON "triggers" USING btree ("enterprise_id","code");--> statement-breakpoint
-- Every enterprise gets the platform's events as triggers (new enterprises get them from the seed).
INSERT INTO "triggers" ("enterprise_id", "code", "name", "entity", "kind")
SELECT e."id", v.code, v.name, v.entity, 'event'
FROM "enterprises" e
CROSS JOIN (VALUES
  ('licenseRequest.created', 'Request created', 'license_requests'),
  ('licenseRequest.submitted', 'Request submitted', 'license_requests'),
  ('licenseRequest.statusChanged', 'Request status changed', 'license_requests'),
  ('licenseRequest.processChanged', 'Process status changed', 'license_requests'),
  ('licenseRequest.approved', 'Request approved', 'license_requests'),
  ('certification.issued', 'Credential issued', 'certifications'),
  ('certification.statusChanged', 'Credential status changed', 'certifications'),
  ('certification.expiring', 'Credential expiring', 'certifications'),
  ('formResponse.completed', 'Form response completed', 'fb_responses'),
  ('document.uploaded', 'Document uploaded', 'documents')
) AS v(code, name, entity)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Staff templates that configure licensing configure triggers and scheduled tasks; reviewers read them.
INSERT INTO "security_template_permissions" ("enterprise_id", "security_template_id", "permission_key")
SELECT DISTINCT p."enterprise_id", p."security_template_id", k.key
FROM "security_template_permissions" p
CROSS JOIN (VALUES ('triggers.read'), ('triggers.write'), ('scheduledTasks.read'), ('scheduledTasks.write')) AS k(key)
WHERE p."permission_key" = 'licensing.write'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "security_template_permissions" ("enterprise_id", "security_template_id", "permission_key")
SELECT DISTINCT p."enterprise_id", p."security_template_id", k.key
FROM "security_template_permissions" p
CROSS JOIN (VALUES ('triggers.read'), ('scheduledTasks.read')) AS k(key)
WHERE p."permission_key" = 'requests.review'
ON CONFLICT DO NOTHING;
