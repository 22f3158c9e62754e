CREATE TYPE "public"."review_reason" AS ENUM('sampled', 'added');--> statement-breakpoint
CREATE TYPE "public"."review_state" AS ENUM('open', 'reviewed');--> statement-breakpoint
CREATE TYPE "public"."turn_verdict" AS ENUM('correct', 'wrong');--> statement-breakpoint
CREATE TABLE "review_turn_labels" (
	"session_id" uuid NOT NULL,
	"turn_id" uuid NOT NULL,
	"verdict" "turn_verdict" NOT NULL,
	"fault_rule_key" text,
	"fault_stage" text,
	CONSTRAINT "review_turn_labels_session_id_turn_id_pk" PRIMARY KEY("session_id","turn_id")
);
--> statement-breakpoint
CREATE TABLE "session_reviews" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"reason" "review_reason" NOT NULL,
	"sampled_outcome" text,
	"added_by" text,
	"state" "review_state" DEFAULT 'open' NOT NULL,
	"resolved" boolean,
	"note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"config_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_turn_labels" ADD CONSTRAINT "review_turn_labels_session_id_session_reviews_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session_reviews"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_turn_labels" ADD CONSTRAINT "review_turn_labels_turn_id_turns_id_fk" FOREIGN KEY ("turn_id") REFERENCES "public"."turns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reviews" ADD CONSTRAINT "session_reviews_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reviews" ADD CONSTRAINT "session_reviews_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_reviews_agent_state_created_idx" ON "session_reviews" USING btree ("agent_id","state","created_at");--> statement-breakpoint
CREATE INDEX "session_reviews_agent_version_idx" ON "session_reviews" USING btree ("agent_id","config_version");