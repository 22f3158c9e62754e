import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { TurnComparison } from "@/components/impact-preview/turn-comparison";
import { Badge } from "@/components/ui/badge";
import { countOf, turnStatusText } from "@/lib/replay/impact-groups";
import type { ReplayReport, ReportTurn } from "@/lib/replay/replay-types";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SessionReplayContext } from "@/lib/replay/server/load-session-replay-context";
import { turnHref } from "@/lib/traces/trace-search";
import { StageComparison } from "../traces/stage-comparison";

const STATUS_VARIANT = { same: "neutral", changed: "info", not_replayable: "warning" } as const;

interface SessionReplayReportProps {
  agentKey: string;
  report: ReplayReport;
  context: SessionReplayContext;
  /** The turn this page shows: opened first and marked. */
  currentTurnId: string;
}

/** Every turn of the replayed session in order: its status, and the original beside the replay, stage by stage. */
export function SessionReplayReport({ agentKey, report, context, currentTurnId }: SessionReplayReportProps) {
  const turns = [...report.turns].sort((a, b) => a.turnIndex - b.turnIndex);
  const { counts } = report;
  const version = report.target.config_version;
  return (
    <div className="space-y-3" data-testid="session-replay-report">
      <p className="text-sm">
        <span className="font-medium">
          {counts.changed} of {countOf(counts.turns, "turn")} changed
        </span>{" "}
        under {version ? `v${version}` : "the configuration"} · {counts.same} same · {counts.not_replayable} not
        replayable · {counts.diverged} where the model's answer differed from the recorded one
      </p>
      <ol className="space-y-2">
        {turns.map((turn) => (
          <li key={turn.turnId}>
            <ReplayedTurn
              agentKey={agentKey}
              turn={turn}
              stored={context.turns.find((t) => t.id === turn.turnId)}
              current={turn.turnId === currentTurnId}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

interface ReplayedTurnProps {
  agentKey: string;
  turn: ReportTurn;
  stored: SessionReplayContext["turns"][number] | undefined;
  current: boolean;
}

function ReplayedTurn({ agentKey, turn, stored, current }: ReplayedTurnProps) {
  return (
    <details
      className="group rounded-lg border border-border open:bg-muted/20"
      open={current || turn.status !== "same"}
      data-testid="replayed-turn"
      data-status={turn.status}
    >
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
        <span className="font-medium">Turn {turn.turnIndex + 1}</span>
        <Badge variant={STATUS_VARIANT[turn.status]}>{turnStatusText(turn)}</Badge>
        {current ? <Badge variant="neutral">this turn</Badge> : null}
        {stored ? <span className="min-w-0 truncate text-muted-foreground">you: {stored.userMessage}</span> : null}
        {current ? null : (
          <Link href={turnHref(agentKey, turn.turnId)} className="ml-auto text-xs underline underline-offset-4">
            trace
          </Link>
        )}
      </summary>
      <div className="border-border border-t p-3">
        <TurnComparison turn={turn}>
          {turn.after ? <StageComparison stored={stored?.stages ?? []} replayed={turn.stages ?? []} /> : null}
        </TurnComparison>
      </div>
    </details>
  );
}
