-- Free text reads the first page of each first name of a prefix in name order (a loose index scan),
-- so the index keeps the last name and id after the first name. INCLUDE by hand, as 0019 does.
DROP INDEX "users_first_name_cover_idx";--> statement-breakpoint
CREATE INDEX "users_first_name_order_idx" ON "users" USING btree ("enterprise_id",(lower("first_name") collate "C"),(lower("last_name") collate "C"),"id") INCLUDE ("first_name","last_name") WHERE "users"."deleted_at" is null;
