CREATE TABLE "machine_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_secret_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "machine_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "machine_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "machine_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "platform_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_client_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"call" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_clients" ADD CONSTRAINT "machine_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_tokens" ADD CONSTRAINT "machine_tokens_machine_client_id_machine_clients_id_fk" FOREIGN KEY ("machine_client_id") REFERENCES "public"."machine_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_replies" ADD CONSTRAINT "platform_replies_machine_client_id_machine_clients_id_fk" FOREIGN KEY ("machine_client_id") REFERENCES "public"."machine_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_tokens_client" ON "machine_tokens" USING btree ("machine_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_replies_client_key" ON "platform_replies" USING btree ("machine_client_id","idempotency_key");