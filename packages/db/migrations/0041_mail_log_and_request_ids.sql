ALTER TABLE "mail_outbox" RENAME TO "mail_log";--> statement-breakpoint
ALTER INDEX "mail_outbox_status_idx" RENAME TO "mail_log_status_idx";--> statement-breakpoint
ALTER INDEX "mail_outbox_enterprise_idx" RENAME TO "mail_log_enterprise_idx";--> statement-breakpoint
ALTER TABLE "mail_log" RENAME CONSTRAINT "mail_outbox_pkey" TO "mail_log_pkey";--> statement-breakpoint
ALTER TABLE "mail_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "correspondence_recipients" RENAME COLUMN "mail_outbox_id" TO "mail_log_id";--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "request_id" text;
