DROP INDEX "credits_available_nf_number";--> statement-breakpoint
DROP INDEX "credits_available_nf_serial";--> statement-breakpoint
DROP INDEX "credits_available_buyer_name";--> statement-breakpoint
DROP INDEX "credits_available_installment";--> statement-breakpoint
DROP INDEX "credits_available_value";--> statement-breakpoint
DROP INDEX "credits_available_anticipation";--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "min_days_to_maturity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "credits_available_nf_number" ON "credits" USING btree ("program_provider_id","nf_number","id","expire_date") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_nf_serial" ON "credits" USING btree ("program_provider_id","nf_serial","id","expire_date") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_buyer_name" ON "credits" USING btree ("program_provider_id","buyer_name","id","expire_date") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_installment" ON "credits" USING btree ("program_provider_id","installment_number","id","expire_date") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_value" ON "credits" USING btree ("program_provider_id","original_value_cents","id","expire_date") WHERE "credits"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "credits_available_anticipation" ON "credits" USING btree ("program_provider_id","anticipation_cents","id","expire_date") WHERE "credits"."status" = 'AVAILABLE';