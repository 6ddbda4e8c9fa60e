CREATE TABLE "fire_drills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"drill_date" date NOT NULL,
	"drill_time" text,
	"drill_type" text NOT NULL,
	"announced" boolean DEFAULT false NOT NULL,
	"evacuation_seconds" integer,
	"occupants" integer,
	"notes" text,
	"reporter_name" text NOT NULL,
	"reporter_title" text,
	"reporter_email" text NOT NULL,
	"reporter_phone" text,
	"source" text DEFAULT 'staff' NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "human_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"action" text NOT NULL,
	"difficulty" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"title" text NOT NULL,
	"number" text,
	"policy_type_id" uuid,
	"policy_status_id" uuid,
	"policy_classification_id" uuid,
	"summary" text,
	"content" text,
	"effective_date" date,
	"end_date" date,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"document_id" uuid,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_systems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"county" text,
	"contact_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"label" text NOT NULL,
	"code" text,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0,
	"school_system_id" uuid NOT NULL,
	"address" text,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fire_drills_school_idx" ON "fire_drills" USING btree ("enterprise_id","school_id","drill_date") WHERE "fire_drills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "human_checks_expires_idx" ON "human_checks" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "policies_enterprise_idx" ON "policies" USING btree ("enterprise_id","title");--> statement-breakpoint
CREATE INDEX "policies_published_idx" ON "policies" USING btree ("enterprise_id","effective_date") WHERE "policies"."published" and "policies"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_acknowledgements_key" ON "policy_acknowledgements" USING btree ("policy_id","user_id");--> statement-breakpoint
CREATE INDEX "school_systems_enterprise_idx" ON "school_systems" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_systems_label_key" ON "school_systems" USING btree ("enterprise_id",lower("label"));--> statement-breakpoint
CREATE INDEX "schools_enterprise_idx" ON "schools" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schools_school_system_id_label_key" ON "schools" USING btree ("enterprise_id","school_system_id",lower("label"));