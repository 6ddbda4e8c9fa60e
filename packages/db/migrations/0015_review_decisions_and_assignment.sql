ALTER TABLE "license_requests" ADD COLUMN "review_state" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "license_requests" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "license_requests" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_request_history" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "license_request_history" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "license_requests" ADD CONSTRAINT "license_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_requests_queue_idx" ON "license_requests" USING btree ("enterprise_id","review_state","completed_on");--> statement-breakpoint
CREATE INDEX "license_requests_assigned_idx" ON "license_requests" USING btree ("assigned_to");--> statement-breakpoint
UPDATE "license_requests" SET "review_state" = CASE
  WHEN EXISTS (SELECT 1 FROM "certifications" c WHERE c."license_request_id" = "license_requests"."id") THEN 'approved'
  WHEN "progress" >= 2 THEN 'submitted'
  ELSE 'draft' END;--> statement-breakpoint
UPDATE "license_request_history" SET "internal" = true WHERE "kind" IN ('process', 'note');
