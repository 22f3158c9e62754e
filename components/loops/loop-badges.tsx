import { Badge } from "@/components/ui/badge";
import type { LoopView } from "@/lib/loops/loop-view";
import { turnLoopBadge } from "@/lib/loops/turn-loop-outcome";

/**
 * The decision with its word: rerun (amber), finalized (green), force-finalized and halt (red), and
 * "override pending" (amber) for a loop a guardrail stopped and an override lifted: it continues at its
 * next completion. A turn's loop is a reply being rewritten after a failed check — routine, so a
 * rewrite that passed is green and only one the fallback had to answer is amber (turn-loop-outcome.ts).
 */
export function DecisionBadge({
  loop,
}: {
  loop: Pick<LoopView, "decision" | "forceFinalize" | "status" | "finalizeReason" | "kind" | "rerunDepth" | "biasTags">;
}) {
  if (loop.decision === null) return <Badge variant="neutral">{loop.status}</Badge>;
  if (loop.kind === "turn") {
    const { tone, badge } = turnLoopBadge(loop);
    return <Badge variant={tone}>{badge}</Badge>;
  }
  if (loop.decision === "rerun") return <Badge variant="warning">rerun</Badge>;
  if (loop.decision === "halt") return <Badge variant="danger">halt</Badge>;
  if (loop.forceFinalize) return <Badge variant="danger">force-finalized</Badge>;
  if (loop.finalizeReason !== null && loop.finalizeReason !== "thresholds_met") {
    return <Badge variant="warning">override pending</Badge>;
  }
  return <Badge variant="success">finalized</Badge>;
}

export function KindBadge({ kind }: { kind: LoopView["kind"] }) {
  return kind === "turn" ? <Badge variant="lane-subjective">turn</Badge> : <Badge variant="info">external</Badge>;
}
