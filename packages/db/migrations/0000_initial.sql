CREATE TABLE "geo_counties" (
	"fips" text PRIMARY KEY NOT NULL,
	"state_fips" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_places" (
	"name" text NOT NULL,
	"state_abbreviation" text NOT NULL,
	"county_fips" text NOT NULL,
	"gnis_id" text
);
--> statement-breakpoint
CREATE TABLE "geo_states" (
	"fips" text PRIMARY KEY NOT NULL,
	"abbreviation" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "geo_states_abbreviation_unique" UNIQUE("abbreviation")
);
--> statement-breakpoint
CREATE TABLE "geo_zip_counties" (
	"zip" text NOT NULL,
	"county_fips" text NOT NULL,
	"state_abbreviation" text NOT NULL,
	"city" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"viewer_id" uuid,
	"user_id" uuid NOT NULL,
	"field" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_error_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"user_id" uuid,
	"error_text" text NOT NULL,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_change_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid,
	"entity" text NOT NULL,
	"object_id" uuid NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"utc_to_server_hours" integer DEFAULT 0 NOT NULL,
	"session_idle_minutes" integer DEFAULT 30 NOT NULL,
	"max_failed_logins" integer DEFAULT 5 NOT NULL,
	"lockout_minutes" integer DEFAULT 15 NOT NULL,
	"disable_password_login" boolean DEFAULT false NOT NULL,
	"show_user_public_addresses" boolean DEFAULT false NOT NULL,
	"public_lookup_enabled" boolean DEFAULT true NOT NULL,
	"duplicate_prevention_text" text DEFAULT '' NOT NULL,
	"login_criteria" text DEFAULT '' NOT NULL,
	"logout_criteria" text DEFAULT '' NOT NULL,
	"user_voice_link" text DEFAULT '' NOT NULL,
	"recaptcha_site_key" text DEFAULT '' NOT NULL,
	"recaptcha_secret" text DEFAULT '' NOT NULL,
	"labels" jsonb DEFAULT '{"user":"Person","service":"Service","vehicle":"Vehicle"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_progress_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid,
	"fb_response_id" uuid NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"entry_point" text,
	"issuer" text,
	"certificate" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"for_portal" boolean DEFAULT true NOT NULL,
	"for_staff" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"is_final" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"process_type" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"is_portal_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"is_portal" boolean NOT NULL,
	"csrf_token" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_security_templates" (
	"user_id" uuid NOT NULL,
	"security_template_id" uuid NOT NULL,
	CONSTRAINT "user_security_templates_user_id_security_template_id_pk" PRIMARY KEY("user_id","security_template_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_name" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"password_hash" text,
	"is_staff" boolean DEFAULT false NOT NULL,
	"user_status_id" uuid,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"entity" text,
	"severity" text DEFAULT 'information' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid,
	"license_category_levels" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendee_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"is_completion" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autonumbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid,
	"license_category_id" uuid,
	"prefix" text,
	"next_number" integer DEFAULT 1,
	"padding" integer DEFAULT 6,
	"suffix" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"vendor" text,
	"days_valid" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "census_tracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"geoid" text NOT NULL,
	"county_fips" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certification_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"abbreviation" text,
	"nremt_level_id" uuid,
	"rank" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"cms_site_id" uuid,
	"slug" text NOT NULL,
	"parent_id" uuid,
	"content" text,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"host" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"iso3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_elements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"data_section_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid,
	"entity_id" uuid,
	"is_inspection" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_types" (
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
CREATE TABLE "document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"entity" text,
	"is_other" boolean DEFAULT false NOT NULL,
	"expires" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "education_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"hours" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"is_user" boolean DEFAULT false NOT NULL,
	"is_service" boolean DEFAULT false NOT NULL,
	"is_vehicle" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_enterprise_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"entity_id" uuid NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"field_type" text DEFAULT 'text' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
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
	"county_fips" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_charge_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"is_calculated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_level_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_category_level_id" uuid,
	"months_valid" integer DEFAULT 24,
	"renewal_window_days" integer DEFAULT 90,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_request_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"license_id" uuid,
	"is_final" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nremt_levels" (
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
CREATE TABLE "nremt_statuses" (
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
CREATE TABLE "policy_classifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"type" text DEFAULT 'Policy' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_statuses" (
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
CREATE TABLE "policy_types" (
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
CREATE TABLE "portal_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"route" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"kind" text DEFAULT 'region' NOT NULL,
	"abbreviation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_template_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"security_template_id" uuid NOT NULL,
	"permission_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
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
CREATE TABLE "training_locations" (
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
	"county_fips" text,
	"phone" text,
	"region_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_statuses" (
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
CREATE TABLE "trigger_categories" (
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
CREATE TABLE "trigger_functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"entity" text,
	"function_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_types" (
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
CREATE TABLE "vehicle_specialties" (
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
CREATE TABLE "vehicle_types" (
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
CREATE TABLE "xslt_stylesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_statuses" ADD CONSTRAINT "process_statuses_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security_templates" ADD CONSTRAINT "user_security_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security_templates" ADD CONSTRAINT "user_security_templates_security_template_id_security_templates_id_fk" FOREIGN KEY ("security_template_id") REFERENCES "public"."security_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geo_counties_state_idx" ON "geo_counties" USING btree ("state_fips");--> statement-breakpoint
CREATE INDEX "geo_places_county_idx" ON "geo_places" USING btree ("state_abbreviation","county_fips");--> statement-breakpoint
CREATE INDEX "geo_zip_counties_zip_idx" ON "geo_zip_counties" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "data_change_log_object_idx" ON "data_change_log" USING btree ("entity","object_id","changed_at");--> statement-breakpoint
CREATE INDEX "process_statuses_process_idx" ON "process_statuses" USING btree ("process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_templates_label_key" ON "security_templates" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_key" ON "users" USING btree ("enterprise_id",lower("user_name"));--> statement-breakpoint
CREATE INDEX "alert_types_enterprise_idx" ON "alert_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_types_label_key" ON "alert_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "application_types_enterprise_idx" ON "application_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_types_label_key" ON "application_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "attendee_statuses_enterprise_idx" ON "attendee_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendee_statuses_label_key" ON "attendee_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "autonumbers_enterprise_idx" ON "autonumbers" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autonumbers_label_key" ON "autonumbers" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "background_checks_enterprise_idx" ON "background_checks" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "background_checks_label_key" ON "background_checks" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "census_tracts_enterprise_idx" ON "census_tracts" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "census_tracts_geoid_key" ON "census_tracts" USING btree ("enterprise_id",lower("geoid"));--> statement-breakpoint
CREATE INDEX "certification_levels_enterprise_idx" ON "certification_levels" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certification_levels_label_key" ON "certification_levels" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "cms_pages_enterprise_idx" ON "cms_pages" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_pages_slug_key" ON "cms_pages" USING btree ("enterprise_id",lower("slug"));--> statement-breakpoint
CREATE INDEX "cms_sites_enterprise_idx" ON "cms_sites" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_sites_label_key" ON "cms_sites" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "countries_enterprise_idx" ON "countries" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_label_key" ON "countries" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_key" ON "countries" USING btree ("enterprise_id",lower("code"));--> statement-breakpoint
CREATE INDEX "data_elements_enterprise_idx" ON "data_elements" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_elements_data_section_name_label_key" ON "data_elements" USING btree ("enterprise_id",lower("data_section_name"),lower("label"));--> statement-breakpoint
CREATE INDEX "datasets_enterprise_idx" ON "datasets" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "datasets_label_key" ON "datasets" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "date_types_enterprise_idx" ON "date_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "date_types_label_key" ON "date_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "document_types_enterprise_idx" ON "document_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_label_key" ON "document_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "education_topics_enterprise_idx" ON "education_topics" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "education_topics_label_key" ON "education_topics" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "entities_enterprise_idx" ON "entities" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entities_label_key" ON "entities" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "entity_enterprise_fields_enterprise_idx" ON "entity_enterprise_fields" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_enterprise_fields_entity_id_name_key" ON "entity_enterprise_fields" USING btree ("enterprise_id","entity_id",lower("name"));--> statement-breakpoint
CREATE INDEX "file_types_enterprise_idx" ON "file_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_types_label_key" ON "file_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "file_types_extension_key" ON "file_types" USING btree ("enterprise_id",lower("extension"));--> statement-breakpoint
CREATE INDEX "hospitals_enterprise_idx" ON "hospitals" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hospitals_label_key" ON "hospitals" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_charge_types_enterprise_idx" ON "license_charge_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_charge_types_label_key" ON "license_charge_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_level_configurations_enterprise_idx" ON "license_level_configurations" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_level_configurations_label_key" ON "license_level_configurations" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "license_request_statuses_enterprise_idx" ON "license_request_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_request_statuses_license_id_label_key" ON "license_request_statuses" USING btree ("enterprise_id","license_id",lower("label"));--> statement-breakpoint
CREATE INDEX "nremt_levels_enterprise_idx" ON "nremt_levels" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nremt_levels_label_key" ON "nremt_levels" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "nremt_statuses_enterprise_idx" ON "nremt_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nremt_statuses_label_key" ON "nremt_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "policy_classifications_enterprise_idx" ON "policy_classifications" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_classifications_type_label_key" ON "policy_classifications" USING btree ("enterprise_id",lower("type"),lower("label"));--> statement-breakpoint
CREATE INDEX "policy_statuses_enterprise_idx" ON "policy_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_statuses_label_key" ON "policy_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "policy_types_enterprise_idx" ON "policy_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_types_label_key" ON "policy_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "portal_pages_enterprise_idx" ON "portal_pages" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_pages_label_key" ON "portal_pages" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "regions_enterprise_idx" ON "regions" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_kind_label_key" ON "regions" USING btree ("enterprise_id",lower("kind"),lower("label"));--> statement-breakpoint
CREATE INDEX "security_template_permissions_enterprise_idx" ON "security_template_permissions" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_template_permissions_security_template_id_permission_key_key" ON "security_template_permissions" USING btree ("enterprise_id","security_template_id",lower("permission_key"));--> statement-breakpoint
CREATE INDEX "topics_enterprise_idx" ON "topics" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_label_key" ON "topics" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "training_locations_enterprise_idx" ON "training_locations" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_locations_label_key" ON "training_locations" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "transaction_statuses_enterprise_idx" ON "transaction_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_statuses_label_key" ON "transaction_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "trigger_categories_enterprise_idx" ON "trigger_categories" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_categories_label_key" ON "trigger_categories" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "trigger_functions_enterprise_idx" ON "trigger_functions" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_functions_label_key" ON "trigger_functions" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "user_statuses_enterprise_idx" ON "user_statuses" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_statuses_label_key" ON "user_statuses" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "validation_types_enterprise_idx" ON "validation_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "validation_types_label_key" ON "validation_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "vehicle_specialties_enterprise_idx" ON "vehicle_specialties" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_specialties_label_key" ON "vehicle_specialties" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "vehicle_types_enterprise_idx" ON "vehicle_types" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_types_label_key" ON "vehicle_types" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "xslt_stylesheets_enterprise_idx" ON "xslt_stylesheets" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xslt_stylesheets_label_key" ON "xslt_stylesheets" USING btree ("enterprise_id",lower("label"));