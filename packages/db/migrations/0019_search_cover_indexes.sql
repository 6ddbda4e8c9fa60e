DROP INDEX "users_email_idx";--> statement-breakpoint
CREATE INDEX "users_first_name_cover_idx" ON "users" USING btree ("enterprise_id",(lower("first_name") collate "C")) INCLUDE ("id","first_name","last_name") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_email_cover_idx" ON "users" USING btree (lower("email") text_pattern_ops) INCLUDE ("enterprise_id","id","email","first_name","last_name") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_recent_idx" ON "users" USING btree ("enterprise_id","updated_at" DESC NULLS LAST,"id") WHERE "users"."deleted_at" is null;
