CREATE TABLE "usage_hourly" (
	"agent_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"session_id" uuid NOT NULL,
	"config_version" integer NOT NULL,
	"environment" text,
	"turns" integer NOT NULL,
	"tokens_in" bigint NOT NULL,
	"tokens_out" bigint NOT NULL,
	"cost_usd" double precision NOT NULL,
	"unpriced_turns" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_rolled_hours" (
	"agent_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_rolled_hours_agent_id_hour_pk" PRIMARY KEY("agent_id","hour")
);
--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_rolled_hours" ADD CONSTRAINT "usage_rolled_hours_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_hourly_agent_hour_idx" ON "usage_hourly" USING btree ("agent_id","hour");--> statement-breakpoint
CREATE INDEX "usage_hourly_session_idx" ON "usage_hourly" USING btree ("session_id");