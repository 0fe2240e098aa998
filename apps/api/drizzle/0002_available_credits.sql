ALTER TABLE "program_providers" ADD COLUMN "available_credits" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- program_providers.available_credits is the credit list's totalElements. Statement-level triggers with
-- transition tables keep it exact for every writer (imports, batch claims, releases, deletes) with one
-- aggregate per statement, so no request has to count 100,000 rows. Drizzle does not model triggers.
-- Each branch names only the transition tables its event has (an INSERT has no old rows).
CREATE FUNCTION "count_available_credits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "program_providers" AS "pp" SET "available_credits" = "pp"."available_credits" + "d"."delta"
    FROM (SELECT "program_provider_id", count(*)::int AS "delta" FROM "new_credits"
          WHERE "status" = 'AVAILABLE' GROUP BY 1) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "program_providers" AS "pp" SET "available_credits" = "pp"."available_credits" - "d"."delta"
    FROM (SELECT "program_provider_id", count(*)::int AS "delta" FROM "old_credits"
          WHERE "status" = 'AVAILABLE' GROUP BY 1) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "program_providers" AS "pp" SET "available_credits" = "pp"."available_credits" + "d"."delta"
    FROM (SELECT "program_provider_id", sum("n")::int AS "delta" FROM (
            SELECT "program_provider_id", 1 AS "n" FROM "new_credits" WHERE "status" = 'AVAILABLE'
            UNION ALL
            SELECT "program_provider_id", -1 FROM "old_credits" WHERE "status" = 'AVAILABLE') AS "c"
          GROUP BY 1 HAVING sum("n") <> 0) AS "d"
    WHERE "pp"."id" = "d"."program_provider_id";
  ELSE -- TRUNCATE
    UPDATE "program_providers" SET "available_credits" = 0 WHERE "available_credits" <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "credits_count_available_insert" AFTER INSERT ON "credits"
  REFERENCING NEW TABLE AS "new_credits" FOR EACH STATEMENT EXECUTE FUNCTION "count_available_credits"();
--> statement-breakpoint
CREATE TRIGGER "credits_count_available_update" AFTER UPDATE ON "credits"
  REFERENCING OLD TABLE AS "old_credits" NEW TABLE AS "new_credits"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_available_credits"();
--> statement-breakpoint
CREATE TRIGGER "credits_count_available_delete" AFTER DELETE ON "credits"
  REFERENCING OLD TABLE AS "old_credits" FOR EACH STATEMENT EXECUTE FUNCTION "count_available_credits"();
--> statement-breakpoint
CREATE TRIGGER "credits_count_available_truncate" AFTER TRUNCATE ON "credits"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_available_credits"();
--> statement-breakpoint
UPDATE "program_providers" AS "pp" SET "available_credits" = "c"."n"
FROM (SELECT "program_provider_id", count(*)::int AS "n" FROM "credits" WHERE "status" = 'AVAILABLE' GROUP BY 1) AS "c"
WHERE "pp"."id" = "c"."program_provider_id";
