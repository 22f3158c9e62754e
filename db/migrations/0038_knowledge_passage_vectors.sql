CREATE TABLE "knowledge_passage_vectors" (
	"passage_id" text NOT NULL,
	"embedder" text NOT NULL,
	"vector" "bytea" NOT NULL,
	CONSTRAINT "knowledge_passage_vectors_passage_id_embedder_pk" PRIMARY KEY("passage_id","embedder")
);
