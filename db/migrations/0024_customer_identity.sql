CREATE TABLE "customer_identity_secrets" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publishable_keys" ADD COLUMN "environments" jsonb DEFAULT '["production"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_identity_secrets" ADD CONSTRAINT "customer_identity_secrets_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;