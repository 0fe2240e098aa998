ALTER TABLE "batches" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "bank_branch" text;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "bank_account" text;--> statement-breakpoint
-- A request keeps the bank account it was made with (docs/product/requests.md#bank-account). The requests made
-- before this migration did not store it: they take their company's account as it is now, at migration time,
-- which is the account they were made with unless it changed since. A company without a (whole) account now
-- leaves its requests without one (null), which is why the columns stay nullable.
UPDATE "batches" AS "b" SET "bank_code" = "c"."bank_code", "bank_branch" = "c"."bank_branch",
  "bank_account" = "c"."bank_account"
FROM "companies" AS "c"
WHERE "c"."id" = "b"."company_id" AND "c"."bank_code" IS NOT NULL AND "c"."bank_branch" IS NOT NULL
  AND "c"."bank_account" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_bank_account_whole" CHECK (("batches"."bank_code" is null) = ("batches"."bank_branch" is null) and ("batches"."bank_code" is null) = ("batches"."bank_account" is null));