CREATE TABLE "agent_role_grants" (
	"operator_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_role_grants_operator_id_agent_id_pk" PRIMARY KEY("operator_id","agent_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "agent_ids" jsonb;--> statement-breakpoint
ALTER TABLE "agent_role_grants" ADD CONSTRAINT "agent_role_grants_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_role_grants" ADD CONSTRAINT "agent_role_grants_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_role_grants_agent_idx" ON "agent_role_grants" USING btree ("agent_id");