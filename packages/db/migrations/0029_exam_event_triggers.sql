-- Every enterprise gets the exam events as triggers (new enterprises get them from the seed): a
-- candidate registered for a session (an admission letter), an exam result recorded.
INSERT INTO "triggers" ("enterprise_id", "code", "name", "entity", "kind")
SELECT e."id", v.code, v.name, v.entity, 'event'
FROM "enterprises" e
CROSS JOIN (VALUES
  ('examCandidate.registered', 'Exam candidate registered', 'license_requests'),
  ('examResult.recorded', 'Exam result recorded', 'license_requests')
) AS v(code, name, entity)
ON CONFLICT DO NOTHING;
