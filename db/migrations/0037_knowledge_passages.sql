CREATE TABLE "knowledge_passages" (
	"id" text NOT NULL,
	"text_config" "regconfig" NOT NULL,
	"heading_path" jsonb NOT NULL,
	"text" text NOT NULL,
	"terms" jsonb NOT NULL,
	"term_count" integer NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(jsonb_to_tsvector(text_config, heading_path, '["string"]'), 'A') || to_tsvector(text_config, text)) STORED NOT NULL,
	CONSTRAINT "knowledge_passages_id_text_config_pk" PRIMARY KEY("id","text_config")
);
--> statement-breakpoint
CREATE TABLE "knowledge_set_passages" (
	"set_id" text NOT NULL,
	"position" integer NOT NULL,
	"passage_id" text NOT NULL,
	"source_key" text NOT NULL,
	"title" text NOT NULL,
	"scope" text NOT NULL,
	"scope_id" text,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	CONSTRAINT "knowledge_set_passages_set_id_position_pk" PRIMARY KEY("set_id","position")
);
--> statement-breakpoint
CREATE TABLE "knowledge_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"text_config" "regconfig" NOT NULL,
	"passages" integer NOT NULL,
	"total_length" bigint NOT NULL,
	"document_frequency" jsonb NOT NULL,
	"words" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_versions" (
	"agent_id" uuid NOT NULL,
	"config_version" integer NOT NULL,
	"set_id" text NOT NULL,
	CONSTRAINT "knowledge_versions_agent_id_config_version_pk" PRIMARY KEY("agent_id","config_version")
);
--> statement-breakpoint
ALTER TABLE "knowledge_set_passages" ADD CONSTRAINT "knowledge_set_passages_set_id_knowledge_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."knowledge_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_versions" ADD CONSTRAINT "knowledge_versions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_versions" ADD CONSTRAINT "knowledge_versions_set_id_knowledge_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."knowledge_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_passages_tsv_idx" ON "knowledge_passages" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "knowledge_set_passages_passage_idx" ON "knowledge_set_passages" USING btree ("passage_id","set_id");--> statement-breakpoint
CREATE INDEX "knowledge_set_passages_source_idx" ON "knowledge_set_passages" USING btree ("set_id","source_key");--> statement-breakpoint
CREATE INDEX "knowledge_versions_set_idx" ON "knowledge_versions" USING btree ("set_id");