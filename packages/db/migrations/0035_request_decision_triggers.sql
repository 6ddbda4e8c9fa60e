-- The reviewer's decisions are recorded as `request.approved`, `request.denied`, `request.returned` and
-- `request.info_requested` (licensing history events). The approval trigger was named
-- `licenseRequest.approved`, an event never recorded, so nothing listening to it ever fired: it takes the
-- recorded name (where the enterprise has no trigger of that name yet), and every enterprise gets the
-- other decisions as triggers (new enterprises get them from the seed).
UPDATE "triggers" t SET "code" = 'request.approved', "updated_at" = now()
WHERE t."code" = 'licenseRequest.approved' AND t."kind" = 'event'
  AND NOT EXISTS (
    SELECT 1 FROM "triggers" o WHERE o."enterprise_id" = t."enterprise_id" AND o."code" = 'request.approved'
  );
--> statement-breakpoint
INSERT INTO "triggers" ("enterprise_id", "code", "name", "entity", "kind")
SELECT e."id", v.code, v.name, v.entity, 'event'
FROM "enterprises" e
CROSS JOIN (VALUES
  ('request.approved', 'Request approved', 'license_requests'),
  ('request.denied', 'Request denied', 'license_requests'),
  ('request.returned', 'Request returned for corrections', 'license_requests'),
  ('request.info_requested', 'More information requested', 'license_requests')
) AS v(code, name, entity)
ON CONFLICT DO NOTHING;
