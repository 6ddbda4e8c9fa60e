-- SAML single logout: the NameID and SessionIndex of each SAML sign-in, so a LogoutRequest from the
-- identity provider finds its sessions; the LogoutRequest IDs honoured (no replay); the IdP's SLO address.
CREATE TABLE "saml_logout_requests" (
	"identity_provider_id" uuid NOT NULL,
	"id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_logout_requests_identity_provider_id_id_pk" PRIMARY KEY("identity_provider_id","id")
);
--> statement-breakpoint
CREATE TABLE "saml_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"identity_provider_id" uuid NOT NULL,
	"name_id" text NOT NULL,
	"session_index" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "logout_url" text;--> statement-breakpoint
ALTER TABLE "saml_logout_requests" ADD CONSTRAINT "saml_logout_requests_identity_provider_id_identity_providers_id_fk" FOREIGN KEY ("identity_provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_sessions" ADD CONSTRAINT "saml_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_sessions" ADD CONSTRAINT "saml_sessions_identity_provider_id_identity_providers_id_fk" FOREIGN KEY ("identity_provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_logout_requests_expires_idx" ON "saml_logout_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "saml_sessions_name_id_idx" ON "saml_sessions" USING btree ("identity_provider_id","name_id");