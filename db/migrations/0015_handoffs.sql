CREATE TYPE "public"."session_mode" AS ENUM('agent', 'waiting', 'human');--> statement-breakpoint
CREATE TYPE "public"."handoff_reason" AS ENUM('rule', 'customer_request', 'repeated_fallback', 'operator');--> statement-breakpoint
CREATE TYPE "public"."handoff_state" AS ENUM('waiting', 'claimed', 'closed');--> statement-breakpoint
CREATE TYPE "public"."session_message_kind" AS ENUM('operator', 'system');--> statement-breakpoint
CREATE TYPE "public"."rule_on_violation" AS ENUM('fallback', 'handoff');--> statement-breakpoint
ALTER TYPE "public"."turn_outcome" ADD VALUE 'handoff';--> statement-breakpoint
ALTER TYPE "public"."turn_outcome" ADD VALUE 'queued_for_human';--> statement-breakpoint
CREATE TABLE "handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"reason" "handoff_reason" NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"state" "handoff_state" DEFAULT 'waiting' NOT NULL,
	"request_turn_id" uuid,
	"requested_by" text NOT NULL,
	"claimed_by" text,
	"claimed_by_id" text,
	"return_note" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"handoff_id" uuid,
	"kind" "session_message_kind" NOT NULL,
	"event" text,
	"text" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "mode" "session_mode" DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "operator_note" text;--> statement-breakpoint
ALTER TABLE "rules" ADD COLUMN "on_violation" "rule_on_violation" DEFAULT 'fallback' NOT NULL;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_request_turn_id_turns_id_fk" FOREIGN KEY ("request_turn_id") REFERENCES "public"."turns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_messages" ADD CONSTRAINT "session_messages_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_messages" ADD CONSTRAINT "session_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_messages" ADD CONSTRAINT "session_messages_handoff_id_handoffs_id_fk" FOREIGN KEY ("handoff_id") REFERENCES "public"."handoffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handoffs_state_requested_idx" ON "handoffs" USING btree ("state","requested_at","id");--> statement-breakpoint
CREATE INDEX "handoffs_agent_state_requested_idx" ON "handoffs" USING btree ("agent_id","state","requested_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "handoffs_session_open_uq" ON "handoffs" USING btree ("session_id") WHERE "handoffs"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "session_messages_session_created_idx" ON "session_messages" USING btree ("session_id","created_at","id");