CREATE TYPE "public"."session_channel" AS ENUM('sandbox', 'api');--> statement-breakpoint
CREATE TYPE "public"."turn_outcome" AS ENUM('answered', 'clarified', 'regenerated', 'fallback', 'escalated', 'error');--> statement-breakpoint
CREATE TYPE "public"."loop_kind" AS ENUM('external', 'turn');--> statement-breakpoint
CREATE TYPE "public"."enforcement_lane" AS ENUM('deterministic', 'subjective');--> statement-breakpoint
CREATE TYPE "public"."rule_scope" AS ENUM('GLOBAL', 'SCENARIO', 'STEP');--> statement-breakpoint
CREATE TYPE "public"."tool_kind" AS ENUM('http', 'static');--> statement-breakpoint
CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"config_version" integer DEFAULT 1 NOT NULL,
	"profile_schema_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"customer_ref" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"profile_schema_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'in_flight' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"customer_profile_id" uuid,
	"channel" "session_channel" NOT NULL,
	"active_scenario_id" uuid,
	"active_step_id" uuid,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rule_fires" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"step_clarification_count" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"continuity" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"continuity_enabled" boolean,
	"goal" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"turn_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trace_spans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"turn_id" uuid NOT NULL,
	"parent_span_id" uuid,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"start_offset_ms" double precision NOT NULL,
	"duration_ms" double precision NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"decision" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"turn_index" integer NOT NULL,
	"user_message" text NOT NULL,
	"response" text NOT NULL,
	"outcome" "turn_outcome" NOT NULL,
	"detected_intent" text,
	"scenario_id" uuid,
	"step_id" uuid,
	"fired_rule_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"violated_rule_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provenance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"model_calls" integer DEFAULT 0 NOT NULL,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"provider" text DEFAULT 'offline' NOT NULL,
	"model" text DEFAULT 'offline' NOT NULL,
	"config_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_field_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"field_type" text NOT NULL,
	"validation_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extraction_hints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_variable_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"patterns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'viewer' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "ledger_events" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"actor_kind" text NOT NULL,
	"agent_id" uuid,
	"request_id" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "bias_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag" text NOT NULL,
	"loop_id" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loop_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loop_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loop_traces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loop_id" text NOT NULL,
	"family_id" text NOT NULL,
	"kind" "loop_kind" DEFAULT 'external' NOT NULL,
	"agent_id" uuid,
	"turn_id" uuid,
	"status" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"rerun_of" text,
	"rerun_depth" integer,
	"rerun_count" integer DEFAULT 0,
	"max_reruns" integer DEFAULT 3,
	"bias_echo" boolean DEFAULT false,
	"repeated_tags" jsonb,
	"reflection_fatigue" double precision DEFAULT 0,
	"fatigue_increased" boolean DEFAULT false,
	"rerun_reason" text,
	"rerun_reason_detail" text,
	"rerun_trigger" jsonb,
	"force_finalize" boolean DEFAULT false,
	"overridden_by" text,
	"orchestrator_persona" text,
	"reflection_persona" text,
	"alignment_score" double precision,
	"drift_score" double precision,
	"summary_valid" boolean,
	"bias_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision" text,
	"reasoning" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loop_id" text NOT NULL,
	"override_fatigue" boolean DEFAULT false NOT NULL,
	"override_max_reruns" boolean DEFAULT false NOT NULL,
	"overridden_by" text NOT NULL,
	"override_reason" text NOT NULL,
	"actor_kind" text NOT NULL,
	"ledger_seq" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"condition_text" text NOT NULL,
	"action_text" text NOT NULL,
	"scope" "rule_scope" DEFAULT 'GLOBAL' NOT NULL,
	"scope_id" uuid,
	"priority" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_hard_constraint" boolean DEFAULT false NOT NULL,
	"enforcement_expression" text,
	"enforcement_lane" "enforcement_lane" DEFAULT 'deterministic' NOT NULL,
	"attached_tool_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_fires_per_session" integer,
	"cooldown_turns" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"intent_label" text DEFAULT '' NOT NULL,
	"entry_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entry_step_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scenario_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"clarification_hint" text DEFAULT '' NOT NULL,
	"is_terminal" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scenario_id" uuid NOT NULL,
	"from_step_id" uuid NOT NULL,
	"to_step_id" uuid NOT NULL,
	"condition_text" text DEFAULT '' NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" "tool_kind" NOT NULL,
	"input_schema" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"output" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_profile_id_customer_profiles_id_fk" FOREIGN KEY ("customer_profile_id") REFERENCES "public"."customer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_spans" ADD CONSTRAINT "trace_spans_turn_id_turns_id_fk" FOREIGN KEY ("turn_id") REFERENCES "public"."turns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turns" ADD CONSTRAINT "turns_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turns" ADD CONSTRAINT "turns_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_field_definitions" ADD CONSTRAINT "profile_field_definitions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_variable_definitions" ADD CONSTRAINT "response_variable_definitions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_operators_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_operators_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loop_traces" ADD CONSTRAINT "loop_traces_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loop_traces" ADD CONSTRAINT "loop_traces_turn_id_turns_id_fk" FOREIGN KEY ("turn_id") REFERENCES "public"."turns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transitions" ADD CONSTRAINT "transitions_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transitions" ADD CONSTRAINT "transitions_from_step_id_steps_id_fk" FOREIGN KEY ("from_step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transitions" ADD CONSTRAINT "transitions_to_step_id_steps_id_fk" FOREIGN KEY ("to_step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_key_uq" ON "agents" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_profiles_agent_ref_uq" ON "customer_profiles" USING btree ("agent_id","customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_scope_key_uq" ON "idempotency_records" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_expires_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_agent_created_idx" ON "sessions" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "trace_spans_turn_idx" ON "trace_spans" USING btree ("turn_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "turns_session_index_uq" ON "turns" USING btree ("session_id","turn_index");--> statement-breakpoint
CREATE INDEX "turns_agent_created_idx" ON "turns" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "turns_created_idx" ON "turns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "turns_outcome_created_idx" ON "turns" USING btree ("outcome","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_fields_agent_name_uq" ON "profile_field_definitions" USING btree ("agent_id","field_name");--> statement-breakpoint
CREATE UNIQUE INDEX "response_vars_agent_name_uq" ON "response_variable_definitions" USING btree ("agent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "auth_accounts_user_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_type_seq_idx" ON "ledger_events" USING btree ("type","seq");--> statement-breakpoint
CREATE INDEX "ledger_actor_seq_idx" ON "ledger_events" USING btree ("actor","seq");--> statement-breakpoint
CREATE INDEX "ledger_agent_seq_idx" ON "ledger_events" USING btree ("agent_id","seq");--> statement-breakpoint
CREATE INDEX "bias_history_tag_idx" ON "bias_history" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "bias_history_loop_idx" ON "bias_history" USING btree ("loop_id");--> statement-breakpoint
CREATE INDEX "loop_completions_loop_idx" ON "loop_completions" USING btree ("loop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loop_traces_loop_id_uq" ON "loop_traces" USING btree ("loop_id");--> statement-breakpoint
CREATE INDEX "loop_traces_family_idx" ON "loop_traces" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "loop_traces_agent_created_idx" ON "loop_traces" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "loop_traces_turn_idx" ON "loop_traces" USING btree ("turn_id");--> statement-breakpoint
CREATE INDEX "overrides_loop_idx" ON "overrides" USING btree ("loop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rules_agent_key_uq" ON "rules" USING btree ("agent_id","key");--> statement-breakpoint
CREATE INDEX "rules_agent_scope_idx" ON "rules" USING btree ("agent_id","scope");--> statement-breakpoint
CREATE UNIQUE INDEX "scenarios_agent_key_uq" ON "scenarios" USING btree ("agent_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "steps_scenario_key_uq" ON "steps" USING btree ("scenario_id","key");--> statement-breakpoint
CREATE INDEX "transitions_scenario_idx" ON "transitions" USING btree ("scenario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_agent_key_uq" ON "tools" USING btree ("agent_id","key");