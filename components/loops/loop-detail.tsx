import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import {
  type LoopCompletionView,
  type LoopOverrideView,
  type LoopView,
  REASON_WORDS,
  score2,
  utc,
} from "@/lib/loops/loop-view";
import { turnLoopOutcome } from "@/lib/loops/turn-loop-outcome";
import { LineageChips } from "./lineage-chips";
import { DecisionBadge, KindBadge } from "./loop-badges";
import { LoopCompletions } from "./loop-completions";
import { LoopReasoning } from "./loop-reasoning";
import { OverrideDialog } from "./override-dialog";
import { OverrideHistory } from "./override-history";
import { RerunCharts } from "./rerun-charts";

interface LoopDetailProps {
  loop: LoopView;
  family: LoopView[];
  overrides: LoopOverrideView[];
  completions: LoopCompletionView[];
  /** Operator or above, and a loop a person may override (`personMayOverride`). */
  canOverride: boolean;
}

function FamilyCharts({ loop, family }: { loop: LoopView; family: LoopView[] }) {
  const rows = family.map((l) => ({
    rerun: l.rerunDepth,
    fatigue: l.reflectionFatigue,
    alignment: l.alignmentScore,
    drift: l.driftScore,
  }));
  return (
    <RerunCharts
      charts={[
        { title: "Fatigue over reruns", testId: "chart-family-fatigue" },
        { title: "Alignment and drift per rerun", testId: "chart-family-scores" },
      ]}
      rows={rows}
      limits={{
        fatigue: { label: "stops reruns at", y: loop.fatigueLimit },
        alignment: { label: "alignment ≥", y: loop.alignmentThreshold },
        drift: { label: "drift ≤", y: loop.driftThreshold },
      }}
    />
  );
}

function StatusAlerts({ loop, family }: { loop: LoopView; family: LoopView[] }) {
  const turnOutcome = loop.kind === "turn" ? turnLoopOutcome(family) : null;
  return (
    <div className="space-y-2 empty:hidden" data-testid="loop-status">
      {turnOutcome ? (
        <Alert variant={turnOutcome.tone === "neutral" ? "info" : turnOutcome.tone} title={turnOutcome.title}>
          {turnOutcome.tone === "warning"
            ? "The customer got the safe fallback reply: read the trace to see which check the drafts kept failing."
            : "The customer got the reply that passed; nothing needs doing."}
        </Alert>
      ) : loop.forceFinalize ? (
        <Alert
          variant="danger"
          title={`Force-finalized: ${REASON_WORDS[loop.finalizeReason ?? ""] ?? "a guardrail stopped it"}`}
        >
          Reruns {loop.rerunCount} / {loop.maxReruns} · fatigue {score2(loop.reflectionFatigue)} /{" "}
          {score2(loop.fatigueLimit)}
          {loop.biasEcho ? ` · bias echo on ${loop.repeatedTags.join(", ")}` : ""}
        </Alert>
      ) : null}
      {loop.overriddenBy ? (
        <Alert variant="warning" title={`Overridden by ${loop.overriddenBy}`}>
          <span data-testid="loop-override-summary">
            {loop.overriddenAt ? `${utc(loop.overriddenAt)} · ` : ""}
            {[loop.overrideFatigue && "fatigue", loop.overrideMaxReruns && "max reruns"]
              .filter(Boolean)
              .join(" and ") || "guardrail lifted at completion"}
            {loop.overrideReason ? ` — “${loop.overrideReason}”` : ""}
          </span>
        </Alert>
      ) : null}
    </div>
  );
}

export function LoopDetail({ loop, family, overrides, completions, canOverride }: LoopDetailProps) {
  return (
    <>
      <PageHeader
        breadcrumb={
          <>
            <Link href="/loops">Loops</Link>
            <span aria-hidden="true">›</span>
            <Link href={`/loops?kind=${loop.kind}`}>{loop.kind}</Link>
          </>
        }
        title={
          <span className="flex flex-wrap items-center gap-2 whitespace-normal">
            <Mono className="break-all">{loop.loopId}</Mono>
            <CopyButton value={loop.loopId} label="loop id" />
            <DecisionBadge loop={loop} />
            <KindBadge kind={loop.kind} />
          </span>
        }
        description={
          <>
            {loop.agentKey ? <Link href={`/agents/${loop.agentKey}`}>{loop.agentKey}</Link> : "default limits"}
            {loop.turnId && loop.agentKey ? (
              <>
                {" · turn "}
                <Link href={`/agents/${loop.agentKey}/traces?turn=${loop.turnId}`}>
                  <Mono>{loop.turnId}</Mono>
                </Link>
              </>
            ) : null}
            {` · last update ${utc(loop.timestamp)}`}
          </>
        }
        actions={canOverride ? <OverrideDialog loop={loop} /> : null}
      />
      <StatusAlerts loop={loop} family={family} />
      <LineageChips family={family} current={loop.loopId} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Reruns" value={`${loop.rerunCount} / ${loop.maxReruns}`} hint="issued in the family / limit" />
        <Stat label="Fatigue" value={`${score2(loop.reflectionFatigue)} / ${score2(loop.fatigueLimit)}`} />
        <Stat
          label="Alignment"
          value={`${score2(loop.alignmentScore)} / ${score2(loop.alignmentThreshold)}`}
          hint="needs ≥"
        />
        <Stat label="Drift" value={`${score2(loop.driftScore)} / ${score2(loop.driftThreshold)}`} hint="needs ≤" />
      </div>
      <FamilyCharts loop={loop} family={family} />
      <LoopReasoning loop={loop} />
      <OverrideHistory overrides={overrides} />
      <LoopCompletions completions={completions} kind={loop.kind} />
    </>
  );
}
