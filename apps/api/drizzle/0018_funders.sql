CREATE TABLE "funders" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref" text NOT NULL,
	"name" text NOT NULL,
	"identification" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_bands" (
	"offer_id" integer NOT NULL,
	"up_to_days" integer NOT NULL,
	"monthly_rate" numeric(12, 8) NOT NULL,
	CONSTRAINT "offer_bands_offer_id_up_to_days_pk" PRIMARY KEY("offer_id","up_to_days")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"funder_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"daily_capacity_cents" bigint NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "offers_capacity_positive" CHECK ("offers"."daily_capacity_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "program_funders" (
	"program_id" integer NOT NULL,
	"funder_id" integer NOT NULL,
	CONSTRAINT "program_funders_program_id_funder_id_pk" PRIMARY KEY("program_id","funder_id")
);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "funder_id" integer;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "machine_clients" ADD COLUMN "funder_id" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "house_offer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "funder_id" integer;--> statement-breakpoint
ALTER TABLE "funders" ADD CONSTRAINT "funders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_bands" ADD CONSTRAINT "offer_bands_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_funders" ADD CONSTRAINT "program_funders_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_funders" ADD CONSTRAINT "program_funders_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funders_org_ref" ON "funders" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_current" ON "offers" USING btree ("funder_id","program_id") WHERE "offers"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "offers_program" ON "offers" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "program_funders_funder" ON "program_funders" USING btree ("funder_id");--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_clients" ADD CONSTRAINT "machine_clients_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_funder_id_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batches_funder_created" ON "batches" USING btree ("funder_id","created_at") WHERE "batches"."funder_id" is not null;