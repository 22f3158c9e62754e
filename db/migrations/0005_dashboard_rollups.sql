CREATE TABLE "dashboard_rolled_days" (
	"agent_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_rolled_days_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_rule_counts" (
	"agent_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"rule_id" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_turn_counts" (
	"agent_id" uuid NOT NULL,
	"day" date NOT NULL,
	"outcome" text NOT NULL,
	"intent_label" text,
	"model_calls" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_rolled_days" ADD CONSTRAINT "dashboard_rolled_days_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_rule_counts" ADD CONSTRAINT "dashboard_rule_counts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_turn_counts" ADD CONSTRAINT "dashboard_turn_counts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_rule_counts_agent_day_idx" ON "dashboard_rule_counts" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_turn_counts_agent_day_idx" ON "dashboard_turn_counts" USING btree ("agent_id","day");