CREATE TABLE "quote_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"funder_id" integer NOT NULL,
	"monthly_rate" numeric(12, 8) NOT NULL,
	"total_cents" bigint NOT NULL,
	"effective_monthly_cost" double precision,
	"created_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quote_funders" (
	"quote_id" integer NOT NULL,
	"funder_id" integer NOT NULL,
	CONSTRAINT "quote_funders_quote_id_funder_id_pk" PRIMARY KEY("quote_id","funder_id")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"program_provider_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"credit_ids" integer[] NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_bid_id" integer,
	"batch_id" integer
);
--> statement-breakpoint
ALTER TABLE "platform_events" ADD COLUMN "funder_id" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "quote_minimum_cents" bigint DEFAULT 5000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "quote_window_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_bids" ADD CONSTRAINT "quote_bids_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_bids" ADD CONSTRAINT "quote_bids_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_funders" ADD CONSTRAINT "quote_funders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_funders" ADD CONSTRAINT "quote_funders_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_program_provider_id_program_providers_id_fk" FOREIGN KEY ("program_provider_id") REFERENCES "public"."program_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_bids_current" ON "quote_bids" USING btree ("quote_id","funder_id") WHERE "quote_bids"."replaced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_open" ON "quotes" USING btree ("program_provider_id") WHERE "quotes"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "quotes_open_closes" ON "quotes" USING btree ("closes_at") WHERE "quotes"."status" = 'OPEN';--> statement-breakpoint
ALTER TABLE "platform_events" ADD CONSTRAINT "platform_events_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE no action ON UPDATE no action;