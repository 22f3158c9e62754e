import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { createOfflineEmbedder, createWordVectorEmbedder } from "@/lib/providers/offline";
import { syntheticAgent } from "../synthetic-agent";

// Resident set size after a forced GC, in a fresh process (started by bench/memory-bench.ts with
// --expose-gc): a heap delta in a process that already ran other benches counts whatever garbage the
// GC happened to free in between, and went negative. Two figures:
//   embedder_rss_mb              what reading the word vectors adds (createWordVectorEmbedder's first embedding)
//   engine_heap_mb_rules_10000   what a compiled 10,000-rule agent adds (default embedder)

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("memory bench: run with --expose-gc");

function residentMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
}

async function main() {
  const lexical = createOfflineEmbedder();
  await lexical.embed(["warm up the lexical embedder"]);
  const start = residentMb();
  await createWordVectorEmbedder().embed(["warm up the word vectors"]);
  const withVectors = residentMb();
  console.log(`embedder_rss_mb=${(withVectors - start).toFixed(1)}`);
  console.log(`# resident ${start.toFixed(1)} MB before the word vectors, ${withVectors.toFixed(1)} MB after`);

  const snapshot = syntheticAgent(10_000);
  const before = residentMb();
  const agent = await compileAgent(snapshot, lexical);
  const after = residentMb();
  console.log(`engine_heap_mb_rules_10000=${(after - before).toFixed(1)}`);
  console.log(
    `# compiled ${agent.rules.length} rules: resident ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after (forced GC)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
