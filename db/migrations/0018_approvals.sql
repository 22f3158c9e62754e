CREATE TYPE "public"."approval_state" AS ENUM('pending', 'approved', 'denied', 'expired');--> statement-breakpoint
ALTER TYPE "public"."turn_outcome" ADD VALUE 'awaiting_approval';--> statement-breakpoint
CREATE TABLE "tool_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"request_turn_id" uuid NOT NULL,
	"tool_id" text NOT NULL,
	"tool_key" text NOT NULL,
	"tool_name" text NOT NULL,
	"input" jsonb NOT NULL,
	"context" jsonb NOT NULL,
	"state" "approval_state" DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reason" text,
	"resumed_turn_id" uuid
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_approvals" ADD CONSTRAINT "tool_approvals_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_approvals" ADD CONSTRAINT "tool_approvals_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_approvals" ADD CONSTRAINT "tool_approvals_request_turn_id_turns_id_fk" FOREIGN KEY ("request_turn_id") REFERENCES "public"."turns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_approvals" ADD CONSTRAINT "tool_approvals_resumed_turn_id_turns_id_fk" FOREIGN KEY ("resumed_turn_id") REFERENCES "public"."turns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_approvals_agent_state_requested_idx" ON "tool_approvals" USING btree ("agent_id","state","requested_at");--> statement-breakpoint
CREATE INDEX "tool_approvals_state_requested_idx" ON "tool_approvals" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "tool_approvals_state_expires_idx" ON "tool_approvals" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "tool_approvals_session_idx" ON "tool_approvals" USING btree ("session_id");