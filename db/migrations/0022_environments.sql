CREATE TABLE "agent_environments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pinned_version" integer,
	"split_arms" jsonb,
	"split_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "environment_pins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"config_version" integer NOT NULL,
	"previous_version" integer,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "environment_promotions" (
	"agent_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "environment_promotions_agent_id_environment_pk" PRIMARY KEY("agent_id","environment")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "environment" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "config_version" integer;--> statement-breakpoint
ALTER TABLE "turns" ADD COLUMN "environment" text;--> statement-breakpoint
ALTER TABLE "agent_environments" ADD CONSTRAINT "agent_environments_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_pins" ADD CONSTRAINT "environment_pins_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_promotions" ADD CONSTRAINT "environment_promotions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_environments_agent_name_uq" ON "agent_environments" USING btree ("agent_id","name");--> statement-breakpoint
CREATE INDEX "environment_pins_agent_env_idx" ON "environment_pins" USING btree ("agent_id","environment","created_at");--> statement-breakpoint
CREATE INDEX "sessions_agent_env_version_idx" ON "sessions" USING btree ("agent_id","environment","config_version","created_at","turn_count");--> statement-breakpoint
CREATE INDEX "turns_agent_env_version_created_idx" ON "turns" USING btree ("agent_id","environment","config_version","created_at","outcome","latency_ms","model_calls","session_id");