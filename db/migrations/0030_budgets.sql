CREATE TYPE "public"."budget_action" AS ENUM('notify', 'offline', 'handoff');--> statement-breakpoint
CREATE TYPE "public"."budget_period" AS ENUM('day', 'month');--> statement-breakpoint
ALTER TYPE "public"."handoff_reason" ADD VALUE 'budget';--> statement-breakpoint
CREATE TABLE "agent_budgets" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"daily_usd" double precision,
	"monthly_usd" double precision,
	"action" "budget_action" DEFAULT 'notify' NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_spend" (
	"agent_id" uuid NOT NULL,
	"period" "budget_period" NOT NULL,
	"period_start" date NOT NULL,
	"spent_usd" double precision DEFAULT 0 NOT NULL,
	"warned_at" timestamp with time zone,
	"reached_at" timestamp with time zone,
	CONSTRAINT "budget_spend_agent_id_period_period_start_pk" PRIMARY KEY("agent_id","period","period_start")
);
--> statement-breakpoint
ALTER TABLE "agent_budgets" ADD CONSTRAINT "agent_budgets_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_spend" ADD CONSTRAINT "budget_spend_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;