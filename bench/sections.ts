import { benchAdversarialTurn } from "./adversarial-turn-bench";
import { benchClinc } from "./clinc/clinc-bench";
import { benchLocalEmbed } from "./embedder-bench";
import { benchModelCalls, benchOfflineEmbedder, benchOverhead, benchRoutingCorpus } from "./engine-bench";
import { benchGrounding } from "./grounding/grounding-bench";
import { benchInputSafety } from "./input-safety-bench";
import { benchKnowledge } from "./knowledge/knowledge-bench";
import { benchLane1Corpus } from "./lane1-corpus-bench";
import { benchLanguage } from "./language-bench";
import { benchPrivacy } from "./privacy-bench";
import { benchReplay } from "./replay-bench";
import type { Report } from "./report";
import { benchTests } from "./tests-bench";
import { benchWidgetSize } from "./widget-size-bench";

// The in-process bench sections by name. bench/run.ts runs each in a child process of its own
// (bench/section-child.ts), so no section measures the heap, the JIT state or the caches another
// left behind: run after the sections before it, the engine overhead at 1,000 rules printed 5.0 ms
// against 2.5-3.3 ms alone in a fresh process.

const evalDir = () => process.env.FOCAL_EVAL_DIR;
const turns = () => Number(process.env.BENCH_TURNS ?? 300);

export const BENCH_SECTIONS = {
  model_calls: (report: Report) => benchModelCalls(report),
  routing_corpus: (report: Report) => benchRoutingCorpus(report),
  clinc: (report: Report) => benchClinc(report, evalDir()),
  engine_overhead_10: (report: Report) => benchOverhead(report, 10, turns()),
  engine_overhead_100: (report: Report) => benchOverhead(report, 100, turns()),
  engine_overhead_1000: (report: Report) => benchOverhead(report, 1000, turns(), { stages: true }),
  engine_overhead_10000: (report: Report) => benchOverhead(report, 10_000, turns()),
  offline_embedder: (report: Report) => benchOfflineEmbedder(report),
  local_embed: (report: Report) => benchLocalEmbed(report),
  replay: (report: Report) => benchReplay(report),
  tests: (report: Report) => benchTests(report),
  adversarial_turn: (report: Report) => benchAdversarialTurn(report),
  lane1: (report: Report) => benchLane1Corpus(report),
  language: (report: Report) => benchLanguage(report, evalDir()),
  input_safety: (report: Report) => benchInputSafety(report, evalDir()),
  widget_size: async (report: Report) => benchWidgetSize(report),
  privacy: (report: Report) => benchPrivacy(report, evalDir()),
  grounding: (report: Report) => benchGrounding(report, evalDir()),
  knowledge: (report: Report) => benchKnowledge(report, evalDir()),
} satisfies Record<string, (report: Report) => Promise<void>>;

export type BenchSection = keyof typeof BENCH_SECTIONS;

export function isBenchSection(name: string): name is BenchSection {
  return Object.hasOwn(BENCH_SECTIONS, name);
}
