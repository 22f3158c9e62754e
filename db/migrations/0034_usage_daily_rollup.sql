CREATE TABLE "usage_daily" (
	"agent_id" uuid NOT NULL,
	"day" date NOT NULL,
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
CREATE TABLE "usage_rolled_days" (
	"agent_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_rolled_days_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_rolled_days" ADD CONSTRAINT "usage_rolled_days_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_daily_agent_day_idx" ON "usage_daily" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "usage_daily_session_idx" ON "usage_daily" USING btree ("session_id");