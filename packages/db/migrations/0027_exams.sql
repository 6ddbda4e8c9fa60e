CREATE TABLE "ex_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"license_request_id" uuid NOT NULL,
	"user_id" uuid,
	"exam_packet_id" uuid NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_coordinators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"internal" boolean DEFAULT true NOT NULL,
	"license_category_level_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"function_as_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_examiners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"internal" boolean DEFAULT true NOT NULL,
	"license_category_level_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"function_as_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"skill_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"fb_form_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_packet_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"packet_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_packets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"max_failed_attempts" integer DEFAULT 3 NOT NULL,
	"license_category_level_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_passing_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"exam_packet_id" uuid NOT NULL,
	"name" text NOT NULL,
	"min_passed_forms" integer DEFAULT 1 NOT NULL,
	"exam_form_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"exam_form_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"examiner_id" uuid,
	"step_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"critical_failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_seconds" integer,
	"points" integer DEFAULT 0 NOT NULL,
	"possible" integer DEFAULT 0 NOT NULL,
	"passed" boolean NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"number" text,
	"name" text,
	"session_date" date NOT NULL,
	"start_time" text,
	"location_id" uuid,
	"exam_type_id" uuid,
	"status_id" uuid,
	"exam_packet_id" uuid NOT NULL,
	"capacity" integer NOT NULL,
	"coordinator_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"examiner_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"notes" text,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"time_limit_seconds" integer,
	"min_points" integer DEFAULT 0 NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"critical_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_alert_types" (
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
CREATE TABLE "ex_autonumbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"entity" text DEFAULT 'session' NOT NULL,
	"autonumber_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_function_as" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"role" text DEFAULT 'examiner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"street" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_session_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"is_open" boolean DEFAULT true NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ex_skill_categories" (
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
CREATE TABLE "ex_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"kind" text DEFAULT 'psychomotor' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ex_candidates" ADD CONSTRAINT "ex_candidates_session_id_ex_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ex_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ex_packet_forms" ADD CONSTRAINT "ex_packet_forms_packet_id_ex_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."ex_packets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ex_packet_forms" ADD CONSTRAINT "ex_packet_forms_form_id_ex_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."ex_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ex_passing_requirements" ADD CONSTRAINT "ex_passing_requirements_exam_packet_id_ex_packets_id_fk" FOREIGN KEY ("exam_packet_id") REFERENCES "public"."ex_packets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ex_results" ADD CONSTRAINT "ex_results_candidate_id_ex_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."ex_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ex_candidates_session_request_key" ON "ex_candidates" USING btree ("session_id","license_request_id");--> statement-breakpoint
CREATE INDEX "ex_candidates_request_idx" ON "ex_candidates" USING btree ("license_request_id");--> statement-breakpoint
CREATE INDEX "ex_candidates_user_idx" ON "ex_candidates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_coordinators_user_key" ON "ex_coordinators" USING btree ("enterprise_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_examiners_user_key" ON "ex_examiners" USING btree ("enterprise_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_forms_name_key" ON "ex_forms" USING btree ("enterprise_id",lower("name")) WHERE "ex_forms"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ex_packet_forms_key" ON "ex_packet_forms" USING btree ("packet_id","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_packets_name_key" ON "ex_packets" USING btree ("enterprise_id",lower("name")) WHERE "ex_packets"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ex_passing_requirements_name_key" ON "ex_passing_requirements" USING btree ("exam_packet_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ex_results_key" ON "ex_results" USING btree ("candidate_id","exam_form_id","skill_id");--> statement-breakpoint
CREATE INDEX "ex_results_session_idx" ON "ex_results" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "ex_sessions_date_idx" ON "ex_sessions" USING btree ("enterprise_id","session_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_sessions_number_key" ON "ex_sessions" USING btree ("enterprise_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_skills_name_key" ON "ex_skills" USING btree ("enterprise_id",lower("name")) WHERE "ex_skills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ex_alert_types_enterprise_idx" ON "ex_alert_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_alert_types_label_key" ON "ex_alert_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ex_autonumbers_enterprise_idx" ON "ex_autonumbers" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_autonumbers_entity_key" ON "ex_autonumbers" USING btree ("enterprise_id",lower("entity"));--> statement-breakpoint
CREATE INDEX "ex_function_as_enterprise_idx" ON "ex_function_as" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_function_as_label_key" ON "ex_function_as" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ex_locations_enterprise_idx" ON "ex_locations" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_locations_label_key" ON "ex_locations" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ex_session_statuses_enterprise_idx" ON "ex_session_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_session_statuses_label_key" ON "ex_session_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ex_skill_categories_enterprise_idx" ON "ex_skill_categories" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_skill_categories_label_key" ON "ex_skill_categories" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ex_types_enterprise_idx" ON "ex_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_types_label_key" ON "ex_types" USING btree ("enterprise_id",lower("label"));