CREATE TABLE "ip_checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"client_id" uuid,
	"inspection_id" uuid NOT NULL,
	"form_id" uuid,
	"response_id" uuid,
	"name" text,
	"completed" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"signer_name" text,
	"signature" text,
	"signature_type_in_person" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_checkout_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device" text,
	"checked_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"taken_over_from" uuid,
	"visit_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"comment" text NOT NULL,
	"show_on_pdf" boolean DEFAULT false NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_inspection_deficiencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"client_id" uuid,
	"ip_deficiency_id" uuid,
	"ip_deficiency_category_id" uuid,
	"description" text NOT NULL,
	"due_date" date,
	"corrected_on" date,
	"correction_notes" text,
	"photo_document_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_inspection_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"ip_extra_fee_id" uuid NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"number" text,
	"visit_id" uuid,
	"ip_template_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"service_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"ip_status_id" uuid,
	"inspector_id" uuid,
	"outcome" text,
	"notes" text,
	"signer_name" text,
	"signature" text,
	"signature_type_in_person" boolean DEFAULT true NOT NULL,
	"spot_check" boolean DEFAULT false NOT NULL,
	"submitted" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"pdf_document_id" uuid,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"inspection_date" date NOT NULL,
	"inspection_time" text,
	"date_time_set" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"spot_check" boolean DEFAULT false NOT NULL,
	"inspector_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"service_template_id" uuid,
	"vehicle_template_id" uuid,
	"notes" text,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_autonumbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"autonumber_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_deficiencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"ip_deficiency_category_id" uuid,
	"entity" text,
	"correction_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_deficiency_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"correction_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_extra_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"is_final" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"entity" text NOT NULL,
	"form_id" uuid,
	"certification_level_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"result_set" text DEFAULT 'Pass,Fail',
	"document_data" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_inspectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"region_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_investigators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"region_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_inspection_deficiencies" ADD CONSTRAINT "ip_inspection_deficiencies_inspection_id_ip_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."ip_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_inspection_fees" ADD CONSTRAINT "ip_inspection_fees_inspection_id_ip_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."ip_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ip_checklists_inspection_idx" ON "ip_checklists" USING btree ("inspection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_checklists_client_key" ON "ip_checklists" USING btree ("enterprise_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_checkout_logs_open_key" ON "ip_checkout_logs" USING btree ("visit_id") WHERE "ip_checkout_logs"."checked_in_at" is null;--> statement-breakpoint
CREATE INDEX "ip_checkout_logs_user_idx" ON "ip_checkout_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ip_comments_inspection_idx" ON "ip_comments" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "ip_inspection_deficiencies_inspection_idx" ON "ip_inspection_deficiencies" USING btree ("inspection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_inspection_deficiencies_client_key" ON "ip_inspection_deficiencies" USING btree ("inspection_id","client_id");--> statement-breakpoint
CREATE INDEX "ip_inspection_fees_inspection_idx" ON "ip_inspection_fees" USING btree ("inspection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_inspections_number_key" ON "ip_inspections" USING btree ("enterprise_id","number");--> statement-breakpoint
CREATE INDEX "ip_inspections_visit_idx" ON "ip_inspections" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "ip_inspections_service_idx" ON "ip_inspections" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "ip_visits_date_idx" ON "ip_visits" USING btree ("enterprise_id","inspection_date");--> statement-breakpoint
CREATE INDEX "ip_visits_service_idx" ON "ip_visits" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "inspection_autonumbers_enterprise_idx" ON "inspection_autonumbers" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_autonumbers_entity_key" ON "inspection_autonumbers" USING btree ("enterprise_id",lower("entity"));--> statement-breakpoint
CREATE INDEX "ip_deficiencies_enterprise_idx" ON "ip_deficiencies" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_deficiencies_label_key" ON "ip_deficiencies" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ip_deficiency_categories_enterprise_idx" ON "ip_deficiency_categories" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_deficiency_categories_label_key" ON "ip_deficiency_categories" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ip_extra_fees_enterprise_idx" ON "ip_extra_fees" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_extra_fees_label_key" ON "ip_extra_fees" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ip_statuses_enterprise_idx" ON "ip_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_statuses_label_key" ON "ip_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "ip_templates_enterprise_idx" ON "ip_templates" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_templates_label_key" ON "ip_templates" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "user_inspectors_enterprise_idx" ON "user_inspectors" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_inspectors_user_id_key" ON "user_inspectors" USING btree ("enterprise_id","user_id");--> statement-breakpoint
CREATE INDEX "user_investigators_enterprise_idx" ON "user_investigators" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_investigators_user_id_key" ON "user_investigators" USING btree ("enterprise_id","user_id");