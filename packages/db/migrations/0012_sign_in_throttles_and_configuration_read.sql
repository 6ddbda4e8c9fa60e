CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Configuration lists (auto numbers, process statuses, ...) moved from lookups.read to the new
-- configuration.read: staff templates that read or write reference lists keep reading them. Portal
-- templates do not get it: hiding configuration from portal users is the point.
INSERT INTO "security_template_permissions" ("enterprise_id", "security_template_id", "permission_key")
SELECT DISTINCT p."enterprise_id", p."security_template_id", 'configuration.read'
FROM "security_template_permissions" p
JOIN "security_templates" t ON t."id" = p."security_template_id"
WHERE NOT t."is_portal_default"
  AND lower(p."permission_key") IN ('lookups.read', 'lookups.write')
  AND NOT EXISTS (
    SELECT 1 FROM "security_template_permissions" q
    WHERE q."security_template_id" = p."security_template_id"
      AND lower(q."permission_key") = 'configuration.read'
  );
