CREATE TABLE "agent_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"environment" text,
	"kind" text NOT NULL,
	"sealed" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"token_sealed" text,
	"token_expires_at" timestamp with time zone,
	CONSTRAINT "agent_credentials_agent_name_env_uq" UNIQUE NULLS NOT DISTINCT("agent_id","name","environment")
);
--> statement-breakpoint
ALTER TABLE "agent_credentials" ADD CONSTRAINT "agent_credentials_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;