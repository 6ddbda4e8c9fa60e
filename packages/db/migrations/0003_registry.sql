CREATE TABLE "positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"is_service_designation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"alert_type_id" uuid,
	"user_id" uuid,
	"service_id" uuid,
	"vehicle_id" uuid,
	"value" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid,
	"service_id" uuid,
	"vehicle_id" uuid,
	"license_id" uuid,
	"license_category_level_id" uuid,
	"certification_level_id" uuid,
	"number" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"issue_date" date,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certifications_one_holder" CHECK (num_nonnulls("certifications"."user_id", "certifications"."service_id", "certifications"."vehicle_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "national_registry_integration_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid,
	"national_ems_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_group_members" (
	"security_group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "security_group_members_security_group_id_user_id_pk" PRIMARY KEY("security_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "security_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"state_code" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_counties" (
	"service_id" uuid NOT NULL,
	"county_fips" text NOT NULL,
	"is_affiliation" boolean DEFAULT false NOT NULL,
	CONSTRAINT "service_counties_service_id_county_fips_is_affiliation_pk" PRIMARY KEY("service_id","county_fips","is_affiliation")
);
--> statement-breakpoint
CREATE TABLE "service_personnel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position_id" uuid,
	"start_date" date,
	"end_date" date,
	"is_designated" boolean DEFAULT false NOT NULL,
	"is_administrator" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"county_fips" text,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_vehicles" (
	"service_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"start_date" date,
	"end_date" date,
	CONSTRAINT "service_vehicles_service_id_vehicle_id_pk" PRIMARY KEY("service_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"service_number" text,
	"classification_id" uuid,
	"primary_level_id" uuid,
	"permit_level_id" uuid,
	"training_level_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"parent_id" uuid,
	"street" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"county_fips" text,
	"phone" text,
	"email" text,
	"website" text,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_qualifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference_id" uuid,
	"label" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_mileage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"mileage" integer NOT NULL,
	"recorded_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"unit_number" text,
	"vehicle_type_id" uuid,
	"specialty_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"make" text,
	"model" text,
	"model_year" integer,
	"license_plate" text,
	"plate_state" text,
	"in_service" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "middle_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suffix" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_identifier" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "national_ems_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ssn_encrypted" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ssn_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "street2" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "county_fips" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "race_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "education_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employment_status_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hair_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "eye_id" uuid;--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_group_members" ADD CONSTRAINT "security_group_members_security_group_id_security_groups_id_fk" FOREIGN KEY ("security_group_id") REFERENCES "public"."security_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_group_members" ADD CONSTRAINT "security_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_counties" ADD CONSTRAINT "service_counties_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_personnel" ADD CONSTRAINT "service_personnel_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_personnel" ADD CONSTRAINT "service_personnel_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_stations" ADD CONSTRAINT "service_stations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_vehicles" ADD CONSTRAINT "service_vehicles_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_vehicles" ADD CONSTRAINT "service_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_qualifications" ADD CONSTRAINT "user_qualifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_mileage" ADD CONSTRAINT "vehicle_mileage_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "positions_enterprise_idx" ON "positions" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_label_key" ON "positions" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_service_idx" ON "alerts" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "alerts_vehicle_idx" ON "alerts" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "certifications_user_idx" ON "certifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "certifications_service_idx" ON "certifications" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "certifications_vehicle_idx" ON "certifications" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "certifications_number_idx" ON "certifications" USING btree (upper("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "certifications_expiration_idx" ON "certifications" USING btree ("enterprise_id","expiration_date");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "security_groups_label_key" ON "security_groups" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "service_areas_service_idx" ON "service_areas" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_areas_state_idx" ON "service_areas" USING btree ("state_code");--> statement-breakpoint
CREATE UNIQUE INDEX "service_areas_unique_key" ON "service_areas" USING btree ("service_id","kind","value");--> statement-breakpoint
CREATE INDEX "service_personnel_service_idx" ON "service_personnel" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_personnel_user_idx" ON "service_personnel" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_stations_service_idx" ON "service_stations" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_vehicles_vehicle_idx" ON "service_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "services_enterprise_idx" ON "services" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "services_parent_idx" ON "services" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "services_county_idx" ON "services" USING btree ("county_fips");--> statement-breakpoint
CREATE INDEX "services_name_prefix_idx" ON "services" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "services_name_trgm_idx" ON "services" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_number_idx" ON "services" USING btree (lower("service_number"));--> statement-breakpoint
CREATE INDEX "user_qualifications_user_idx" ON "user_qualifications" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "vehicle_mileage_vehicle_idx" ON "vehicle_mileage" USING btree ("vehicle_id","recorded_on");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_serial_number_key" ON "vehicles" USING btree ("enterprise_id",upper("serial_number")) WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_serial_prefix_idx" ON "vehicles" USING btree (upper("serial_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "vehicles_unit_idx" ON "vehicles" USING btree (lower("unit_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "vehicles_plate_trgm_idx" ON "vehicles" USING gin (lower("license_plate") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_enterprise_idx" ON "users" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin (lower("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_national_ems_id_idx" ON "users" USING btree (upper("national_ems_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_account_identifier_idx" ON "users" USING btree (upper("account_identifier") text_pattern_ops);