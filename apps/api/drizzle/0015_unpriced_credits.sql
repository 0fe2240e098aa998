DROP INDEX "credits_available_priced_for";--> statement-breakpoint
ALTER TABLE "program_providers" ADD COLUMN "unpriced_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "credits_available_unpriced" ON "credits" USING btree ("program_provider_id","id") WHERE "credits"."status" = 'AVAILABLE' and "credits"."priced_for" is null;--> statement-breakpoint
-- program_providers.unpriced_credits counts the AVAILABLE credits with no stored price. With the fingerprint of
-- the last full pass it says whether the stored prices are stale, so a credits page no longer probes the
-- credits for it. The triggers of migrations 0002 and 0003 keep it in the same aggregate per statement.
CREATE OR REPLACE FUNCTION "count_available_credits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "program_providers" AS "pp" SET
      "available_credits" = "pp"."available_credits" + "d"."delta",
      "available_value_cents" = "pp"."available_value_cents" + "d"."value",
      "unpriced_credits" = "pp"."unpriced_credits" + "d"."unpriced"
    FROM (SELECT "program_provider_id", count(*)::int AS "delta", sum("original_value_cents")::bigint AS "value",
            (count(*) FILTER (WHERE "priced_for" IS NULL))::int AS "unpriced"
          FROM "new_credits" WHERE "status" = 'AVAILABLE' GROUP BY 1) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "program_providers" AS "pp" SET
      "available_credits" = "pp"."available_credits" - "d"."delta",
      "available_value_cents" = "pp"."available_value_cents" - "d"."value",
      "unpriced_credits" = "pp"."unpriced_credits" - "d"."unpriced"
    FROM (SELECT "program_provider_id", count(*)::int AS "delta", sum("original_value_cents")::bigint AS "value",
            (count(*) FILTER (WHERE "priced_for" IS NULL))::int AS "unpriced"
          FROM "old_credits" WHERE "status" = 'AVAILABLE' GROUP BY 1) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "program_providers" AS "pp" SET
      "available_credits" = "pp"."available_credits" + "d"."delta",
      "available_value_cents" = "pp"."available_value_cents" + "d"."value",
      "unpriced_credits" = "pp"."unpriced_credits" + "d"."unpriced"
    FROM (SELECT "program_provider_id", sum("n")::int AS "delta", sum("v")::bigint AS "value",
            sum("u")::int AS "unpriced" FROM (
            SELECT "program_provider_id", 1 AS "n", "original_value_cents" AS "v",
              CASE WHEN "priced_for" IS NULL THEN 1 ELSE 0 END AS "u"
            FROM "new_credits" WHERE "status" = 'AVAILABLE'
            UNION ALL
            SELECT "program_provider_id", -1, -"original_value_cents",
              CASE WHEN "priced_for" IS NULL THEN -1 ELSE 0 END
            FROM "old_credits" WHERE "status" = 'AVAILABLE') AS "c"
          GROUP BY 1 HAVING sum("n") <> 0 OR sum("v") <> 0 OR sum("u") <> 0) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSE -- TRUNCATE
    UPDATE "program_providers" SET "available_credits" = 0, "available_value_cents" = 0, "unpriced_credits" = 0
    WHERE "available_credits" <> 0 OR "available_value_cents" <> 0 OR "unpriced_credits" <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A credit back in the list (a rejected or cancelled request releases it) comes back without a price, whoever
-- writes it: a stored price is always one the pass wrote since the credit became AVAILABLE, for the payment
-- date of the fingerprint, or none. That is what lets the count above stand for every stale price.
CREATE FUNCTION "unprice_returning_credit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."priced_for" := NULL;
  NEW."discounted_cents" := NULL;
  NEW."anticipation_cents" := NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "credits_unprice_returning" BEFORE UPDATE ON "credits" FOR EACH ROW
  WHEN (NEW."status" = 'AVAILABLE' AND OLD."status" <> 'AVAILABLE')
  EXECUTE FUNCTION "unprice_returning_credit"();
--> statement-breakpoint
-- Prices stored before this migration may be of an older payment date: one full pass makes them all current.
UPDATE "program_providers" AS "pp" SET "unpriced_credits" = coalesce("c"."n", 0), "pricing_fingerprint" = NULL
FROM "program_providers" AS "p" LEFT JOIN (
  SELECT "program_provider_id", count(*)::int AS "n" FROM "credits"
  WHERE "status" = 'AVAILABLE' AND "priced_for" IS NULL GROUP BY 1) AS "c" ON "c"."program_provider_id" = "p"."id"
WHERE "pp"."id" = "p"."id";
