ALTER TABLE "batches" ADD COLUMN "ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "batches_org_ref" ON "batches" USING btree ("organization_id","ref") WHERE "batches"."ref" is not null;