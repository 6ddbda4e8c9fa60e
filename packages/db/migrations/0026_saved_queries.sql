CREATE TABLE "saved_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"subject" text NOT NULL,
	"query_column_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query_filter_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query_advanced_filter_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_view" text DEFAULT 'table' NOT NULL,
	"chart_field" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_query_shares" (
	"query_id" uuid NOT NULL,
	"security_group_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "saved_query_shares_query_id_security_group_id_pk" PRIMARY KEY("query_id","security_group_id")
);
--> statement-breakpoint
ALTER TABLE "saved_queries" ADD CONSTRAINT "saved_queries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_query_shares" ADD CONSTRAINT "saved_query_shares_query_id_saved_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."saved_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_query_shares" ADD CONSTRAINT "saved_query_shares_security_group_id_security_groups_id_fk" FOREIGN KEY ("security_group_id") REFERENCES "public"."security_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_queries_owner_idx" ON "saved_queries" USING btree ("enterprise_id","owner_id") WHERE "saved_queries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "saved_query_shares_group_idx" ON "saved_query_shares" USING btree ("security_group_id");