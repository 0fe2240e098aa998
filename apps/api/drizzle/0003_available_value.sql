ALTER TABLE "program_providers" ADD COLUMN "available_value_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- program_providers.available_value_cents is the programs list's `value` (dashboard, program selection): the
-- sum of the AVAILABLE credits' original values. The triggers of migration 0002 keep it with the count, in
-- the same aggregate per statement; an UPDATE adds the new AVAILABLE rows and takes away the old ones, so a
-- changed value (a re-import) moves the sum as a changed status does.
CREATE OR REPLACE FUNCTION "count_available_credits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "program_providers" AS "pp" SET
      "available_credits" = "pp"."available_credits" + "d"."delta",
      "available_value_cents" = "pp"."available_value_cents" + "d"."value"
    FROM (SELECT "program_provider_id", count(*)::int AS "delta", sum("original_value_cents")::bigint AS "value"
          FROM "new_credits" WHERE "status" = 'AVAILABLE' GROUP BY 1) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "program_providers" AS "pp" SET
      "available_credits" = "pp"."available_credits" - "d"."delta",
      "available_value_cents" = "pp"."available_value_cents" - "d"."value"
    FROM (SELECT "program_provider_id", count(*)::int AS "delta", sum("original_value_cents")::bigint AS "value"
          FROM "old_credits" WHERE "status" = 'AVAILABLE' GROUP BY 1) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "program_providers" AS "pp" SET
      "available_credits" = "pp"."available_credits" + "d"."delta",
      "available_value_cents" = "pp"."available_value_cents" + "d"."value"
    FROM (SELECT "program_provider_id", sum("n")::int AS "delta", sum("v")::bigint AS "value" FROM (
            SELECT "program_provider_id", 1 AS "n", "original_value_cents" AS "v"
            FROM "new_credits" WHERE "status" = 'AVAILABLE'
            UNION ALL
            SELECT "program_provider_id", -1, -"original_value_cents"
            FROM "old_credits" WHERE "status" = 'AVAILABLE') AS "c"
          GROUP BY 1 HAVING sum("n") <> 0 OR sum("v") <> 0) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSE -- TRUNCATE
    UPDATE "program_providers" SET "available_credits" = 0, "available_value_cents" = 0
    WHERE "available_credits" <> 0 OR "available_value_cents" <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "program_providers" AS "pp" SET "available_value_cents" = "c"."v"
FROM (SELECT "program_provider_id", sum("original_value_cents")::bigint AS "v" FROM "credits"
      WHERE "status" = 'AVAILABLE' GROUP BY 1) AS "c"
WHERE "pp"."id" = "c"."program_provider_id";
