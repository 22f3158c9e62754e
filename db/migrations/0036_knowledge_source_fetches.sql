CREATE TABLE "knowledge_source_fetches" (
	"agent_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone,
	"status" text NOT NULL,
	"error" text,
	"sitemap_pages" integer,
	CONSTRAINT "knowledge_source_fetches_agent_id_source_key_pk" PRIMARY KEY("agent_id","source_key")
);
--> statement-breakpoint
ALTER TABLE "knowledge_source_fetches" ADD CONSTRAINT "knowledge_source_fetches_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;