CREATE TABLE "auto_rule_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"batch_id" integer,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"program_provider_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"time" text NOT NULL,
	"max_monthly_cost" numeric(9, 4),
	"min_days" integer,
	"max_days" integer,
	"min_credit_value_cents" bigint,
	"max_total_per_day_cents" bigint,
	"active" boolean NOT NULL,
	"active_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auto_rule_runs" ADD CONSTRAINT "auto_rule_runs_rule_id_auto_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."auto_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_rule_runs" ADD CONSTRAINT "auto_rule_runs_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_rules" ADD CONSTRAINT "auto_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_rules" ADD CONSTRAINT "auto_rules_program_provider_id_program_providers_id_fk" FOREIGN KEY ("program_provider_id") REFERENCES "public"."program_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_rules" ADD CONSTRAINT "auto_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_rules" ADD CONSTRAINT "auto_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_rule_runs_rule_date" ON "auto_rule_runs" USING btree ("rule_id","date");--> statement-breakpoint
CREATE INDEX "auto_rules_pp" ON "auto_rules" USING btree ("program_provider_id","id") WHERE "auto_rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "auto_rules_active" ON "auto_rules" USING btree ("id") WHERE "auto_rules"."active" and "auto_rules"."deleted_at" is null;