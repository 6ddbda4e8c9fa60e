CREATE TABLE "ce_audit_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"ce_audit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"certification_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"document_id" uuid,
	"note" text,
	"complaint_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ce_audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"percentage" integer NOT NULL,
	"renewed_from" date NOT NULL,
	"renewed_to" date NOT NULL,
	"due_date" date NOT NULL,
	"drawn_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"training_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"attendee_status_id" uuid,
	"completed_on" date,
	"hours" numeric(7, 2),
	"document_id" uuid,
	"note" text,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "education_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"license_category_level_id" uuid,
	"cycle_months" integer DEFAULT 24 NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_user_longevities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"license_request_id" uuid,
	"years" integer DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"approve" boolean DEFAULT false NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" uuid,
	"note" text,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_user_longevity_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"service_id" uuid,
	"user_id" uuid NOT NULL,
	"service_user_longevity_id" uuid,
	"years" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"effective_date" date,
	"note" text,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_user_trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"training_id" uuid NOT NULL,
	"license_request_id" uuid,
	"reimburse" boolean DEFAULT false NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"reimbursed_at" timestamp with time zone,
	"note" text,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"course_number" text,
	"description" text,
	"education_level_id" uuid,
	"training_location_id" uuid,
	"instructor" text,
	"start_date" date,
	"end_date" date,
	"capacity" integer,
	"document_id" uuid,
	"training_topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prerequisite_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"self_entered" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"entered_by" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ce_audit_members" ADD CONSTRAINT "ce_audit_members_ce_audit_id_ce_audits_id_fk" FOREIGN KEY ("ce_audit_id") REFERENCES "public"."ce_audits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ce_audit_members" ADD CONSTRAINT "ce_audit_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ce_audit_members" ADD CONSTRAINT "ce_audit_members_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ce_audit_members" ADD CONSTRAINT "ce_audit_members_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ce_audits" ADD CONSTRAINT "ce_audits_drawn_by_users_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_attendees" ADD CONSTRAINT "course_attendees_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_attendees" ADD CONSTRAINT "course_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_longevities" ADD CONSTRAINT "service_user_longevities_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_longevities" ADD CONSTRAINT "service_user_longevities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_longevities" ADD CONSTRAINT "service_user_longevities_license_request_id_license_requests_id_fk" FOREIGN KEY ("license_request_id") REFERENCES "public"."license_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_longevities" ADD CONSTRAINT "service_user_longevities_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_longevity_credits" ADD CONSTRAINT "service_user_longevity_credits_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_longevity_credits" ADD CONSTRAINT "service_user_longevity_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_longevity_credits" ADD CONSTRAINT "service_user_longevity_credits_service_user_longevity_id_service_user_longevities_id_fk" FOREIGN KEY ("service_user_longevity_id") REFERENCES "public"."service_user_longevities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_trainings" ADD CONSTRAINT "service_user_trainings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_trainings" ADD CONSTRAINT "service_user_trainings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_trainings" ADD CONSTRAINT "service_user_trainings_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_trainings" ADD CONSTRAINT "service_user_trainings_license_request_id_license_requests_id_fk" FOREIGN KEY ("license_request_id") REFERENCES "public"."license_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_education_level_id_education_levels_id_fk" FOREIGN KEY ("education_level_id") REFERENCES "public"."education_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ce_audit_members_audit_user_key" ON "ce_audit_members" USING btree ("ce_audit_id","user_id");--> statement-breakpoint
CREATE INDEX "ce_audit_members_user_idx" ON "ce_audit_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_attendees_training_user_key" ON "course_attendees" USING btree ("training_id","user_id") WHERE "course_attendees"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "course_attendees_user_idx" ON "course_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "education_levels_label_key" ON "education_levels" USING btree ("enterprise_id",lower("label")) WHERE "education_levels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "service_user_longevities_service_idx" ON "service_user_longevities" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_user_longevities_user_idx" ON "service_user_longevities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_user_longevity_credits_user_idx" ON "service_user_longevity_credits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_user_trainings_service_idx" ON "service_user_trainings" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_user_trainings_user_idx" ON "service_user_trainings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trainings_enterprise_start_idx" ON "trainings" USING btree ("enterprise_id","start_date");