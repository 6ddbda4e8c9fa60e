CREATE TABLE "saml_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"identity_provider_id" uuid NOT NULL,
	"is_portal" boolean NOT NULL,
	"return_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "signature_algorithm" text DEFAULT 'sha256' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "want_assertions_signed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "want_response_signed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "name_id_format" text DEFAULT 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "email_attribute" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "first_name_attribute" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "last_name_attribute" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "provision_users" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saml_requests" ADD CONSTRAINT "saml_requests_identity_provider_id_identity_providers_id_fk" FOREIGN KEY ("identity_provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_requests_expires_idx" ON "saml_requests" USING btree ("expires_at");