-- A service administrator answers a deficiency of a submitted inspection with its correction (text and a
-- document); staff accept it or reject it with a reason (issue 25, item 15).
CREATE TABLE "ip_deficiency_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"deficiency_id" uuid NOT NULL,
	"correction" text NOT NULL,
	"document_id" uuid,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_by" uuid NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_deficiency_corrections" ADD CONSTRAINT "ip_deficiency_corrections_inspection_id_ip_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."ip_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_deficiency_corrections" ADD CONSTRAINT "ip_deficiency_corrections_deficiency_id_ip_inspection_deficiencies_id_fk" FOREIGN KEY ("deficiency_id") REFERENCES "public"."ip_inspection_deficiencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ip_deficiency_corrections_deficiency_idx" ON "ip_deficiency_corrections" USING btree ("deficiency_id");--> statement-breakpoint
CREATE INDEX "ip_deficiency_corrections_inspection_idx" ON "ip_deficiency_corrections" USING btree ("inspection_id");