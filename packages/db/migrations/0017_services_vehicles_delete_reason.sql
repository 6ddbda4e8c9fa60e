ALTER TABLE "services" ADD COLUMN "delete_reason" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "delete_reason" text;