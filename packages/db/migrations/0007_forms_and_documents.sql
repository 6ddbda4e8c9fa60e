CREATE TABLE "document_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" text,
	"signature" text,
	"document_id" uuid,
	"file_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"target_group_id" uuid,
	"target_question_id" uuid,
	"source_question_id" uuid NOT NULL,
	"operator" text NOT NULL,
	"value" text,
	"and_flag" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_form_versions" (
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fb_form_versions_form_id_version_pk" PRIMARY KEY("form_id","version")
);
--> statement-breakpoint
CREATE TABLE "fb_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"form_type_id" uuid,
	"document_type_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"applicant_access" text DEFAULT 'edit' NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"page_id" uuid NOT NULL,
	"title" text,
	"description" text,
	"spot_check" boolean DEFAULT false NOT NULL,
	"populate_entity" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_package_forms" (
	"package_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fb_package_forms_package_id_form_id_pk" PRIMARY KEY("package_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "fb_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"help_text" text,
	"required" boolean DEFAULT false NOT NULL,
	"required_message" text,
	"format" text,
	"format_message" text,
	"min" numeric,
	"max" numeric,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_section_name" text,
	"element_id" uuid,
	"document_type_id" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_reimbursement_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"question_id" uuid,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"max_amount" numeric(12, 2),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"form_version" integer NOT NULL,
	"user_id" uuid,
	"service_id" uuid,
	"vehicle_id" uuid,
	"license_request_id" uuid,
	"checklist_id" uuid,
	"progress" integer DEFAULT 0 NOT NULL,
	"current_page" integer DEFAULT 0 NOT NULL,
	"completed_on" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_id" uuid,
	"user_id" uuid,
	"service_id" uuid,
	"vehicle_id" uuid,
	"parent_request_id" uuid,
	"application_type_id" uuid,
	"status_id" uuid,
	"progress" integer DEFAULT 0 NOT NULL,
	"completed_on" timestamp with time zone,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_elements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"entity" text NOT NULL,
	"field_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_form_position_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"can_view" boolean DEFAULT true NOT NULL,
	"can_edit" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fb_form_types" (
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
CREATE TABLE "fb_question_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "inspection_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "complaint_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "data_object_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "data_object" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "from_complaint" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_access_log" ADD CONSTRAINT "document_access_log_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_answers" ADD CONSTRAINT "fb_answers_response_id_fb_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."fb_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_answers" ADD CONSTRAINT "fb_answers_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_conditions" ADD CONSTRAINT "fb_conditions_form_id_fb_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fb_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_conditions" ADD CONSTRAINT "fb_conditions_target_group_id_fb_groups_id_fk" FOREIGN KEY ("target_group_id") REFERENCES "public"."fb_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_conditions" ADD CONSTRAINT "fb_conditions_target_question_id_fb_questions_id_fk" FOREIGN KEY ("target_question_id") REFERENCES "public"."fb_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_conditions" ADD CONSTRAINT "fb_conditions_source_question_id_fb_questions_id_fk" FOREIGN KEY ("source_question_id") REFERENCES "public"."fb_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_form_versions" ADD CONSTRAINT "fb_form_versions_form_id_fb_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fb_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_forms" ADD CONSTRAINT "fb_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_groups" ADD CONSTRAINT "fb_groups_form_id_fb_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fb_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_groups" ADD CONSTRAINT "fb_groups_page_id_fb_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."fb_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_package_forms" ADD CONSTRAINT "fb_package_forms_package_id_fb_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."fb_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_package_forms" ADD CONSTRAINT "fb_package_forms_form_id_fb_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fb_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_pages" ADD CONSTRAINT "fb_pages_form_id_fb_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fb_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_questions" ADD CONSTRAINT "fb_questions_form_id_fb_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fb_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_questions" ADD CONSTRAINT "fb_questions_group_id_fb_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."fb_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_reimbursement_rules" ADD CONSTRAINT "fb_reimbursement_rules_form_id_fb_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fb_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_reimbursement_rules" ADD CONSTRAINT "fb_reimbursement_rules_question_id_fb_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."fb_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_responses" ADD CONSTRAINT "fb_responses_form_id_fb_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fb_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_responses" ADD CONSTRAINT "fb_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_responses" ADD CONSTRAINT "fb_responses_license_request_id_license_requests_id_fk" FOREIGN KEY ("license_request_id") REFERENCES "public"."license_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fb_responses" ADD CONSTRAINT "fb_responses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_requests" ADD CONSTRAINT "license_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_requests" ADD CONSTRAINT "license_requests_application_type_id_application_types_id_fk" FOREIGN KEY ("application_type_id") REFERENCES "public"."application_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_requests" ADD CONSTRAINT "license_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_access_log_document_idx" ON "document_access_log" USING btree ("document_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "fb_answers_response_question_key" ON "fb_answers" USING btree ("response_id","question_id");--> statement-breakpoint
CREATE INDEX "fb_conditions_form_idx" ON "fb_conditions" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "fb_forms_enterprise_idx" ON "fb_forms" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fb_forms_name_key" ON "fb_forms" USING btree ("enterprise_id",lower("name")) WHERE "fb_forms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "fb_groups_form_idx" ON "fb_groups" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "fb_groups_page_idx" ON "fb_groups" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "fb_packages_enterprise_idx" ON "fb_packages" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fb_packages_name_key" ON "fb_packages" USING btree ("enterprise_id",lower("name"));--> statement-breakpoint
CREATE INDEX "fb_pages_form_idx" ON "fb_pages" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "fb_questions_form_idx" ON "fb_questions" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "fb_questions_group_idx" ON "fb_questions" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "fb_reimbursement_rules_form_idx" ON "fb_reimbursement_rules" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "fb_responses_enterprise_idx" ON "fb_responses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "fb_responses_form_idx" ON "fb_responses" USING btree ("form_id","form_version");--> statement-breakpoint
CREATE INDEX "fb_responses_user_idx" ON "fb_responses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fb_responses_request_idx" ON "fb_responses" USING btree ("license_request_id");--> statement-breakpoint
CREATE INDEX "license_requests_enterprise_idx" ON "license_requests" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "license_requests_user_idx" ON "license_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "license_requests_service_idx" ON "license_requests" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "license_requests_parent_idx" ON "license_requests" USING btree ("parent_request_id");--> statement-breakpoint
CREATE INDEX "fb_elements_enterprise_idx" ON "fb_elements" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fb_elements_label_key" ON "fb_elements" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "fb_form_position_permissions_enterprise_idx" ON "fb_form_position_permissions" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fb_form_position_permissions_form_id_position_id_key" ON "fb_form_position_permissions" USING btree ("enterprise_id","form_id","position_id");--> statement-breakpoint
CREATE INDEX "fb_form_types_enterprise_idx" ON "fb_form_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fb_form_types_label_key" ON "fb_form_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "fb_question_types_enterprise_idx" ON "fb_question_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fb_question_types_label_key" ON "fb_question_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "fb_question_types_kind_key" ON "fb_question_types" USING btree ("enterprise_id",lower("kind"));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_fb_response_id_fb_responses_id_fk" FOREIGN KEY ("fb_response_id") REFERENCES "public"."fb_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_inspection_idx" ON "documents" USING btree ("inspection_id") WHERE "documents"."inspection_id" is not null;