CREATE TABLE "license_request_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"license_request_status_id" uuid,
	"process_id" uuid,
	"process_status_id" uuid,
	"note" text,
	"manual_trigger" text,
	"link_trigger" text,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_request_process_statuses" (
	"license_request_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"process_status_id" uuid NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_request_process_statuses_license_request_id_process_id_pk" PRIMARY KEY("license_request_id","process_id")
);
--> statement-breakpoint
CREATE TABLE "license_rule_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_rule_id" uuid NOT NULL,
	"license_rule_field_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"and_flag" boolean DEFAULT true NOT NULL,
	"left_parenthesis" text,
	"right_parenthesis" text,
	"operator" text NOT NULL,
	"value" text
);
--> statement-breakpoint
CREATE TABLE "license_rule_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"table_name" text NOT NULL,
	"field_name" text NOT NULL,
	"format" text NOT NULL,
	"entity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"entity" text DEFAULT 'user' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"entity" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"public_lookup" boolean DEFAULT true NOT NULL,
	"form_package_id" uuid,
	"autonumber_id" uuid,
	"renewal_window_days" integer DEFAULT 90 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewed_licenses" (
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewed_licenses_user_id_license_id_pk" PRIMARY KEY("user_id","license_id")
);
--> statement-breakpoint
CREATE TABLE "license_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid NOT NULL,
	"allow_multiple_levels" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_category_certification_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid NOT NULL,
	"license_category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_category_certification_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_category_id" uuid NOT NULL,
	"field_kind" text DEFAULT 'text' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_category_certification_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid NOT NULL,
	"license_category_id" uuid,
	"holder_state" text DEFAULT 'active' NOT NULL,
	"is_issued_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_category_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid NOT NULL,
	"license_category_id" uuid NOT NULL,
	"certification_level_id" uuid,
	"months_valid" integer DEFAULT 24 NOT NULL,
	"expiration_rule" text DEFAULT 'end_of_month' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid NOT NULL,
	"license_charge_type_id" uuid,
	"application_type_id" uuid,
	"license_category_level_id" uuid,
	"amount_cents" integer NOT NULL,
	"calculated_field" text DEFAULT 'flat' NOT NULL,
	"max_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_request_application_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_request_id" uuid NOT NULL,
	"application_type_id" uuid NOT NULL,
	"license_category_level_id" uuid NOT NULL,
	"checked" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_request_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_request_id" uuid NOT NULL,
	"license_charge_id" uuid,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_request_fb_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_request_id" uuid NOT NULL,
	"fb_response_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_request_supplemental_trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_request_id" uuid NOT NULL,
	"license_supplemental_training_id" uuid NOT NULL,
	"training_name" text NOT NULL,
	"hours" integer DEFAULT 0,
	"completed_on" date,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_statuses" (
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
CREATE TABLE "license_supplemental_trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid NOT NULL,
	"license_category_level_id" uuid,
	"hours_required" integer DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_enterprises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "license_requests" ADD COLUMN "renews_certification_id" uuid;--> statement-breakpoint
ALTER TABLE "license_requests" ADD COLUMN "current_trigger_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "license_requests" ADD COLUMN "training_validation_start" date;--> statement-breakpoint
ALTER TABLE "license_requests" ADD COLUMN "training_validation_end" date;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "license_category_id" uuid;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "license_request_id" uuid;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "certification_status_id" uuid;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "attribute_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "field_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "license_request_history" ADD CONSTRAINT "license_request_history_license_request_id_license_requests_id_fk" FOREIGN KEY ("license_request_id") REFERENCES "public"."license_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_history" ADD CONSTRAINT "license_request_history_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_history" ADD CONSTRAINT "license_request_history_process_status_id_process_statuses_id_fk" FOREIGN KEY ("process_status_id") REFERENCES "public"."process_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_history" ADD CONSTRAINT "license_request_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_process_statuses" ADD CONSTRAINT "license_request_process_statuses_license_request_id_license_requests_id_fk" FOREIGN KEY ("license_request_id") REFERENCES "public"."license_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_process_statuses" ADD CONSTRAINT "license_request_process_statuses_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_process_statuses" ADD CONSTRAINT "license_request_process_statuses_process_status_id_process_statuses_id_fk" FOREIGN KEY ("process_status_id") REFERENCES "public"."process_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_request_process_statuses" ADD CONSTRAINT "license_request_process_statuses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_rule_field_values" ADD CONSTRAINT "license_rule_field_values_license_rule_id_license_rules_id_fk" FOREIGN KEY ("license_rule_id") REFERENCES "public"."license_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_rule_field_values" ADD CONSTRAINT "license_rule_field_values_license_rule_field_id_license_rule_fields_id_fk" FOREIGN KEY ("license_rule_field_id") REFERENCES "public"."license_rule_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_rules" ADD CONSTRAINT "license_rules_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_form_package_id_fb_packages_id_fk" FOREIGN KEY ("form_package_id") REFERENCES "public"."fb_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewed_licenses" ADD CONSTRAINT "viewed_licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewed_licenses" ADD CONSTRAINT "viewed_licenses_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_request_history_request_idx" ON "license_request_history" USING btree ("license_request_id","at");--> statement-breakpoint
CREATE INDEX "license_rule_field_values_rule_idx" ON "license_rule_field_values" USING btree ("license_rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_rule_fields_key" ON "license_rule_fields" USING btree ("enterprise_id","entity","table_name","field_name","format");--> statement-breakpoint
CREATE INDEX "license_rules_license_idx" ON "license_rules" USING btree ("enterprise_id","license_id");--> statement-breakpoint
CREATE INDEX "licenses_enterprise_idx" ON "licenses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_name_key" ON "licenses" USING btree ("enterprise_id",lower("name")) WHERE "licenses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "license_categories_enterprise_idx" ON "license_categories" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_categories_license_id_label_key" ON "license_categories" USING btree ("enterprise_id","license_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_category_certification_attributes_enterprise_idx" ON "license_category_certification_attributes" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_category_certification_attributes_license_id_license_category_id_label_key" ON "license_category_certification_attributes" USING btree ("enterprise_id","license_id","license_category_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_category_certification_fields_enterprise_idx" ON "license_category_certification_fields" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_category_certification_fields_license_category_id_label_key" ON "license_category_certification_fields" USING btree ("enterprise_id","license_category_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_category_certification_statuses_enterprise_idx" ON "license_category_certification_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_category_certification_statuses_license_id_license_category_id_label_key" ON "license_category_certification_statuses" USING btree ("enterprise_id","license_id","license_category_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_category_levels_enterprise_idx" ON "license_category_levels" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_category_levels_license_category_id_label_key" ON "license_category_levels" USING btree ("enterprise_id","license_category_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_charges_enterprise_idx" ON "license_charges" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "license_request_application_types_enterprise_idx" ON "license_request_application_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_request_application_types_license_request_id_application_type_id_license_category_level_id_key" ON "license_request_application_types" USING btree ("enterprise_id","license_request_id","application_type_id","license_category_level_id");--> statement-breakpoint
CREATE INDEX "license_request_charges_enterprise_idx" ON "license_request_charges" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "license_request_fb_responses_enterprise_idx" ON "license_request_fb_responses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_request_fb_responses_license_request_id_form_id_key" ON "license_request_fb_responses" USING btree ("enterprise_id","license_request_id","form_id");--> statement-breakpoint
CREATE INDEX "license_request_supplemental_trainings_enterprise_idx" ON "license_request_supplemental_trainings" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "license_statuses_enterprise_idx" ON "license_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_statuses_label_key" ON "license_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_supplemental_trainings_enterprise_idx" ON "license_supplemental_trainings" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_supplemental_trainings_license_id_label_key" ON "license_supplemental_trainings" USING btree ("enterprise_id","license_id",lower("label"));--> statement-breakpoint
CREATE INDEX "process_enterprises_enterprise_idx" ON "process_enterprises" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_enterprises_process_id_key" ON "process_enterprises" USING btree ("enterprise_id","process_id");--> statement-breakpoint
CREATE INDEX "process_licenses_enterprise_idx" ON "process_licenses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_licenses_license_id_process_id_key" ON "process_licenses" USING btree ("enterprise_id","license_id","process_id");