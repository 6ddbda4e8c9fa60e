ALTER TABLE "mail_outbox" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "cc" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "bcc" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_enterprise_idx" ON "mail_outbox" USING btree ("enterprise_id","created_at");--> statement-breakpoint
-- Mail recorded before attempts were counted: a sent or failed one had one attempt.
UPDATE "mail_outbox" SET "attempts" = 1, "last_attempt_at" = coalesce("sent_at", "created_at")
WHERE "status" IN ('sent', 'failed');
--> statement-breakpoint
-- Reading the mail log (reset links and invitations included) goes with administering security: the
-- templates that administer security get it (new enterprises' Administrator gets every permission).
INSERT INTO "security_template_permissions" ("enterprise_id", "security_template_id", "permission_key")
SELECT DISTINCT p."enterprise_id", p."security_template_id", 'mail.read'
FROM "security_template_permissions" p
WHERE p."permission_key" = 'security.admin'
ON CONFLICT DO NOTHING;
