CREATE TABLE "ex_form_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"exam_form_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"examiner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ex_form_responses" ADD CONSTRAINT "ex_form_responses_candidate_id_ex_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."ex_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ex_form_responses" ADD CONSTRAINT "ex_form_responses_exam_form_id_ex_forms_id_fk" FOREIGN KEY ("exam_form_id") REFERENCES "public"."ex_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ex_form_responses" ADD CONSTRAINT "ex_form_responses_response_id_fb_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."fb_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ex_form_responses_key" ON "ex_form_responses" USING btree ("candidate_id","exam_form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ex_form_responses_response_key" ON "ex_form_responses" USING btree ("response_id");