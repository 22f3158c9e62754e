CREATE TABLE "knowledge_set_terms" (
	"set_id" text NOT NULL,
	"term" text NOT NULL,
	"postings" "bytea" NOT NULL,
	CONSTRAINT "knowledge_set_terms_set_id_term_pk" PRIMARY KEY("set_id","term")
);
--> statement-breakpoint
DROP INDEX "knowledge_passages_tsv_idx";--> statement-breakpoint
ALTER TABLE "knowledge_sets" ADD COLUMN "lengths" "bytea";--> statement-breakpoint
ALTER TABLE "knowledge_set_terms" ADD CONSTRAINT "knowledge_set_terms_set_id_knowledge_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."knowledge_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" DROP COLUMN "tsv";