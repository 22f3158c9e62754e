import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { SectionCard } from "@/components/ui/section-card";
import { type LoopView, REASON_WORDS, score2 } from "@/lib/loops/loop-view";

// The loop's reasoning: why it reran (docs/loops.md#rerun-reasoning), why its family stopped, what
// the PESSIMIST flagged.

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">—</span>;

function Reason({ value }: { value: string | null }) {
  if (!value) return none;
  return (
    <>
      <Mono>{value}</Mono>
      {REASON_WORDS[value] ? <span className="ml-2 text-muted-foreground">{REASON_WORDS[value]}</span> : null}
    </>
  );
}

export function LoopReasoning({ loop }: { loop: LoopView }) {
  return (
    <SectionCard data-testid="loop-reasoning" title="Reasoning">
      <dl className="divide-y divide-border">
        <Row label="Decision">
          <Mono>{loop.decision ?? loop.status}</Mono>
        </Row>
        <Row label="Rerun reason">
          <Reason value={loop.rerunReason} />
        </Row>
        <Row label="Rerun trigger">{loop.rerunTrigger.length ? <Mono>{loop.rerunTrigger.join(", ")}</Mono> : none}</Row>
        <Row label="Detail">{loop.rerunReasonDetail ?? none}</Row>
        <Row label="Stopped because">
          <Reason value={loop.finalizeReason} />
        </Row>
        <Row label="Scores">
          <Mono>
            alignment {score2(loop.alignmentScore)} / {score2(loop.alignmentThreshold)} · drift{" "}
            {score2(loop.driftScore)} / {score2(loop.driftThreshold)} · summary{" "}
            {loop.summaryValid === null ? "—" : loop.summaryValid ? "valid" : "invalid"}
          </Mono>
        </Row>
        <Row label="Fatigue">
          <Mono>
            {score2(loop.reflectionFatigue)} / {score2(loop.fatigueLimit)}
          </Mono>
          {loop.fatigueIncreased ? (
            <span className="ml-2 text-muted-foreground">rose: no improvement over the previous loop</span>
          ) : null}
        </Row>
        <Row label="Bias tags">
          {loop.biasTags.length
            ? loop.biasTags.map((tag) => (
                <Badge key={tag} variant={loop.repeatedTags.includes(tag) ? "danger" : "neutral"} className="mr-1">
                  {tag}
                  {loop.repeatedTags.includes(tag) ? " · echo" : ""}
                </Badge>
              ))
            : none}
        </Row>
        <Row label="Personas">
          orchestrator <Mono>{loop.orchestratorPersona ?? "—"}</Mono> · reflection{" "}
          <Mono>{loop.reflectionPersona ?? "—"}</Mono>
        </Row>
      </dl>
      {loop.reasoning ? (
        <details className="mt-2 text-xs">
          <summary className="cursor-pointer text-muted-foreground">Stored rerun reasoning</summary>
          <pre className="mt-1 overflow-auto rounded bg-muted p-2">{JSON.stringify(loop.reasoning, null, 2)}</pre>
        </details>
      ) : null}
    </SectionCard>
  );
}
