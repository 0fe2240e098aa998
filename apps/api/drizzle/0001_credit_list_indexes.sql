ALTER TABLE "program_providers" ADD COLUMN "pricing_fingerprint" text;--> statement-breakpoint
CREATE INDEX "credits_available_nf_number" ON "credits" USING btree ("program_provider_id","nf_number","id") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_nf_serial" ON "credits" USING btree ("program_provider_id","nf_serial","id") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_buyer_name" ON "credits" USING btree ("program_provider_id","buyer_name","id") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_installment" ON "credits" USING btree ("program_provider_id","installment_number","id") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_expire_date" ON "credits" USING btree ("program_provider_id","expire_date","id") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_value" ON "credits" USING btree ("program_provider_id","original_value_cents","id") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_anticipation" ON "credits" USING btree ("program_provider_id","anticipation_cents","id") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_priced_for" ON "credits" USING btree ("program_provider_id","priced_for") WHERE "credits"."status" = 'AVAILABLE';