ALTER TABLE "license_request_history" ADD COLUMN "concern" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "process_statuses" ADD COLUMN "outcome" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "license_categories" ADD COLUMN "supersedes" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
-- What existing process statuses mean for approval: a status coded or labelled as a failure failed; any
-- other final status passed; the rest are pending. Staff can correct each in the process editor.
UPDATE "process_statuses" SET "outcome" = 'failed'
WHERE lower(coalesce("code", '')) = 'failed' OR "label" ~* 'fail';
--> statement-breakpoint
UPDATE "process_statuses" SET "outcome" = 'passed'
WHERE "outcome" = 'pending' AND (lower(coalesce("code", '')) = 'passed' OR "is_final");
--> statement-breakpoint
-- Existing licence categories supersede nothing ('none'): an approval no longer makes other levels
-- inactive as a side effect; an administrator chooses the rule in the licence's categories.
-- Overriding a blocked approval goes with administering security (the Administrator template; new
-- enterprises' Administrator gets every permission).
INSERT INTO "security_template_permissions" ("enterprise_id", "security_template_id", "permission_key")
SELECT DISTINCT p."enterprise_id", p."security_template_id", 'requests.override'
FROM "security_template_permissions" p
WHERE p."permission_key" = 'security.admin'
ON CONFLICT DO NOTHING;
