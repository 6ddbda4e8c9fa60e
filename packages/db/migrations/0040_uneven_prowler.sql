CREATE TABLE "credential_signing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"retired_by" uuid,
	"published_until" date
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credential_signing_keys_kid_key" ON "credential_signing_keys" USING btree ("kid");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_signing_keys_current_key" ON "credential_signing_keys" USING btree ("enterprise_id") WHERE "credential_signing_keys"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "credential_signing_keys_enterprise_idx" ON "credential_signing_keys" USING btree ("enterprise_id","created_at");