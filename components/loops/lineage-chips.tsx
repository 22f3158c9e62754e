import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { type LoopView, loopHref, shortLoopLabel } from "@/lib/loops/loop-view";
import { turnLoopBadge } from "@/lib/loops/turn-loop-outcome";

/** Red for a forced stop of an external loop; a turn's loop is green when its rewrite passed, else amber. */
function chipTone(loop: LoopView): string | false {
  if (loop.kind === "turn") {
    const { tone } = turnLoopBadge(loop);
    if (tone === "success" && loop.decision === "finalize") return "border-success-border text-success";
    return tone === "warning" && "border-warning-border text-warning";
  }
  return loop.forceFinalize && "border-danger-border text-danger";
}

/** Lineage chips `loop_001 → _r1 → _r2`: every loop of the family, this one marked current. */
export function LineageChips({ family, current }: { family: LoopView[]; current: string }) {
  return (
    <nav aria-label="Loop lineage" data-testid="lineage">
      <ol className="flex flex-wrap items-center gap-1">
        {family.map((loop, index) => {
          const here = loop.loopId === current;
          return (
            <li key={loop.id} className="flex items-center gap-1">
              {index > 0 ? <ChevronRight aria-hidden="true" className="size-3.5 text-muted-foreground" /> : null}
              <Link
                href={loopHref(loop.loopId)}
                aria-current={here ? "page" : undefined}
                title={`${loop.loopId}: ${loop.decision ?? loop.status}`}
                className={cn(
                  "rounded-md border px-2 py-0.5 font-mono text-xs",
                  here ? "border-foreground bg-foreground text-background" : "border-border hover:bg-muted",
                  !here && chipTone(loop),
                )}
              >
                {shortLoopLabel(loop)}
                <span className="sr-only"> ({loop.decision ?? loop.status})</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
