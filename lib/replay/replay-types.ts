// The shapes the console reads from the replay endpoints, client-safe: type-only re-exports of the
// server's report types (erased at build), so the UI and the server cannot drift apart.
export type { DecisionDiff, WordPart } from "@/lib/engine/replay/decision-diff";
export type { KnowledgeDecision, TurnDecisions } from "@/lib/engine/replay/turn-decisions";
export type { ImpactPreview } from "@/lib/replay/server/preview-impact";
export type { ReplayCounts, ReplayReport, ReportTurn } from "@/lib/replay/server/replay-report";
export type { ReplayRunView } from "@/lib/replay/server/replay-runs";

/** One pipeline stage as a trace stores it or a replay re-ran it. */
export interface StageDecision {
  name: string;
  status: string;
  decision: string;
}
