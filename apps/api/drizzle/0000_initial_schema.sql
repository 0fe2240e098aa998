CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "password_reset_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"ip" text,
	"credit_ids" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"credit_id" integer NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"original_value_cents" bigint NOT NULL,
	"anticipation_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"program_provider_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"original_value_cents" bigint NOT NULL,
	"net_value_cents" bigint NOT NULL,
	"payment_date" date NOT NULL,
	"days_to_pay" integer NOT NULL,
	"estimate" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"identification" text NOT NULL,
	"can_anticipate" boolean DEFAULT false NOT NULL,
	"bank_code" text,
	"bank_branch" text,
	"bank_account" text
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_invoices_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref" text NOT NULL,
	"program_provider_id" integer NOT NULL,
	"nf_number" text NOT NULL,
	"nf_serial" text NOT NULL,
	"installment_number" integer NOT NULL,
	"order_detail" text,
	"buyer_name" text NOT NULL,
	"issue_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"original_value_cents" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"invoice_uploaded" boolean DEFAULT false NOT NULL,
	"priced_for" date,
	"discounted_cents" bigint,
	"anticipation_cents" bigint
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"user_id" integer,
	CONSTRAINT "invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref" text NOT NULL,
	"program_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"active_from" timestamp with time zone NOT NULL,
	"active_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"identification" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"locale" text DEFAULT 'pt-BR' NOT NULL,
	"support_phone" text NOT NULL,
	"calendar_open" text DEFAULT '08:00' NOT NULL,
	"business_days_only" boolean DEFAULT true NOT NULL,
	"terms_version" text NOT NULL,
	"terms_summary_html" text NOT NULL,
	"terms_full_url" text NOT NULL,
	"chat_enabled" boolean DEFAULT false NOT NULL,
	"chat_script_url" text,
	"chat_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "program_iof_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"daily" numeric(12, 10) NOT NULL,
	"fixed" numeric(12, 10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref" text NOT NULL,
	"program_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"provider_can_not_anticipate_html" text
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ref" text NOT NULL,
	"buyer_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"monthly_rate" numeric(12, 8) NOT NULL,
	"discount_mode" text DEFAULT 'simple' NOT NULL,
	"platform_fee" numeric(12, 8) NOT NULL,
	"bank_fee_cents" bigint DEFAULT 0 NOT NULL,
	"days_to_pay" integer NOT NULL,
	"anticipation_max_time" text DEFAULT '18:00' NOT NULL,
	"require_service_invoice" boolean DEFAULT false NOT NULL,
	"session_term_html" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"whatsapp_status" text DEFAULT 'NOT_KNOWN' NOT NULL,
	CONSTRAINT "persons_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"authorities" text[] DEFAULT '{}' NOT NULL,
	"lang_key" text DEFAULT 'pt-BR' NOT NULL,
	"accepted_terms_version" text,
	"accepted_terms_at" timestamp with time zone,
	"default_company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_keys" ADD CONSTRAINT "password_reset_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_audit" ADD CONSTRAINT "batch_audit_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_audit" ADD CONSTRAINT "batch_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_credits" ADD CONSTRAINT "batch_credits_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_credits" ADD CONSTRAINT "batch_credits_credit_id_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_program_provider_id_program_providers_id_fk" FOREIGN KEY ("program_provider_id") REFERENCES "public"."program_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_invoices" ADD CONSTRAINT "credit_invoices_credit_id_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_invoices" ADD CONSTRAINT "credit_invoices_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_program_provider_id_program_providers_id_fk" FOREIGN KEY ("program_provider_id") REFERENCES "public"."program_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_iof_rates" ADD CONSTRAINT "program_iof_rates_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_providers" ADD CONSTRAINT "program_providers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_providers" ADD CONSTRAINT "program_providers_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_providers" ADD CONSTRAINT "program_providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_company_id_companies_id_fk" FOREIGN KEY ("default_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_keys_user" ON "password_reset_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_events_bucket_at" ON "rate_limit_events" USING btree ("bucket","at");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_credits_one_live" ON "batch_credits" USING btree ("credit_id") WHERE "batch_credits"."live";--> statement-breakpoint
CREATE INDEX "batch_credits_batch" ON "batch_credits" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_user_idempotency_key" ON "batches" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "batches_pp_created" ON "batches" USING btree ("program_provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_org_ref" ON "companies" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_person_company" ON "team_members" USING btree ("person_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credits_org_ref" ON "credits" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE INDEX "credits_pp_status" ON "credits" USING btree ("program_provider_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_org_ref" ON "notifications" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_org_ref" ON "buyers" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "program_iof_rates_program_from" ON "program_iof_rates" USING btree ("program_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "program_providers_org_ref" ON "program_providers" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "program_providers_program_company" ON "program_providers" USING btree ("program_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_org_ref" ON "programs" USING btree ("organization_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_login" ON "users" USING btree ("organization_id","login");