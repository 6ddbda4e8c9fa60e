ALTER TABLE "vouchers" ALTER COLUMN "amount_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "percent" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "max_uses" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "use_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_receipt_number_key" ON "transactions" USING btree ("enterprise_id","receipt_number");--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_amount_or_share" CHECK (("vouchers"."amount_cents" is null) <> ("vouchers"."percent" is null));--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_uses" CHECK ("vouchers"."max_uses" >= 1 and "vouchers"."use_count" between 0 and "vouchers"."max_uses");--> statement-breakpoint
-- A voucher used before vouchers could be used more than once has had its one use.
UPDATE "vouchers" SET "use_count" = 1 WHERE "used_at" IS NOT NULL;--> statement-breakpoint
-- Money that moved before receipts had numbers: numbered in the order it moved, per enterprise and
-- year (UTC), and the year's receipt auto number goes on after the last of them.
WITH "numbered" AS (
  SELECT "id", "enterprise_id", to_char("settled_at" AT TIME ZONE 'UTC', 'YYYY') AS "year",
    row_number() OVER (
      PARTITION BY "enterprise_id", to_char("settled_at" AT TIME ZONE 'UTC', 'YYYY')
      ORDER BY "settled_at", "created_at", "id"
    ) AS "n"
  FROM "transactions"
  WHERE "state" = 'settled' AND "settled_at" IS NOT NULL AND "receipt_number" IS NULL
)
UPDATE "transactions" SET "receipt_number" = 'RCPT-' || "numbered"."year" || '-' || lpad("numbered"."n"::text, greatest(6, length("numbered"."n"::text)), '0')
FROM "numbered" WHERE "transactions"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "autonumbers" ("enterprise_id", "label", "code", "description", "prefix", "next_number", "padding")
SELECT "enterprise_id", 'Receipts ' || "year", 'RCPT-' || "year",
  'Numbers the receipts of money taken or refunded in ' || "year" || '.', 'RCPT-' || "year" || '-', count(*) + 1, 6
FROM (
  SELECT "enterprise_id", to_char("settled_at" AT TIME ZONE 'UTC', 'YYYY') AS "year"
  FROM "transactions" WHERE "receipt_number" IS NOT NULL
) AS "settled"
GROUP BY "enterprise_id", "year"
ON CONFLICT ("enterprise_id", lower("label")) DO UPDATE
  SET "next_number" = greatest("autonumbers"."next_number", excluded."next_number");
