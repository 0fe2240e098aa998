ALTER TABLE "credit_invoices" ADD COLUMN "access_key" text;--> statement-breakpoint
CREATE INDEX "credit_invoices_credit" ON "credit_invoices" USING btree ("credit_id","id");