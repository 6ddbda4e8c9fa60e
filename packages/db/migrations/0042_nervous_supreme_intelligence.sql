CREATE TABLE "insight_request_times" (
	"license_request_id" uuid PRIMARY KEY NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"license_id" uuid,
	"decided_by" uuid,
	"decision" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"total_days" numeric NOT NULL,
	"applicant_days" numeric NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_request_times" ADD CONSTRAINT "insight_request_times_license_request_id_license_requests_id_fk" FOREIGN KEY ("license_request_id") REFERENCES "public"."license_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_request_times_decided_idx" ON "insight_request_times" USING btree ("enterprise_id","decided_at");--> statement-breakpoint
CREATE INDEX "insight_request_times_decider_idx" ON "insight_request_times" USING btree ("decided_by","decided_at");--> statement-breakpoint
CREATE INDEX "license_requests_submitted_idx" ON "license_requests" USING btree ("enterprise_id","completed_on") WHERE "license_requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "license_request_history_decided_idx" ON "license_request_history" USING btree ("enterprise_id","at") WHERE "license_request_history"."kind" in ('issued', 'denied');