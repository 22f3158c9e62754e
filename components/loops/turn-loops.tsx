import { SectionCard } from "@/components/ui/section-card";
import type { LoopView } from "@/lib/loops/loop-view";
import { LoopsTable } from "./loops-table";

/** Loop records of the turn's regeneration loop (docs/loops.md): one per draft, linked to the Loops pages. */
export function TurnLoops({ loops }: { loops: LoopView[] }) {
  return (
    <SectionCard
      data-testid="turn-loops"
      title="Regeneration loops"
      description={
        loops.length === 0
          ? "No draft of this turn was regenerated: the first one passed enforcement (or the turn failed before it)."
          : "Each rejected draft reran under the reflection guardrails: reruns, fatigue and the decision that stopped it."
      }
    >
      {loops.length > 0 ? <LoopsTable loops={loops} /> : null}
    </SectionCard>
  );
}
