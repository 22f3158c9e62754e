import type { ReactNode } from "react";
import { checkVariant } from "@/components/sandbox/sandbox-format";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { checkName, checkResultWord } from "@/lib/replay/check-words";
import { countOf } from "@/lib/replay/impact-groups";
import type { DecisionDiff, KnowledgeDecision, TurnDecisions } from "@/lib/replay/replay-types";
import { CheckChanges } from "./check-changes";
import { OutcomeBadge } from "./outcome-badge";
import { ReplyDiff, ReplyDiffLegend } from "./reply-diff";

interface TurnComparisonProps {
  turn: {
    before: TurnDecisions;
    after: TurnDecisions | null;
    diff: DecisionDiff | null;
    /** Why the turn was not replayed, or what to know about its replay. */
    note: string | null;
  };
  /** Extra rows under both columns (the trace page's stages). */
  children?: ReactNode;
  /** The columns' names: a stored turn and its replay, unless the caller compares something else. */
  titles?: { before: string; after: string };
}

const STORED_AND_REPLAY = { before: "Original", after: "Replay" };

/** A stored turn and its replay side by side: outcome, scenario › step, rules, tools, calls and the reply's word diff. */
export function TurnComparison({ turn, children, titles = STORED_AND_REPLAY }: TurnComparisonProps) {
  const { before, after, diff, note } = turn;
  return (
    <div className="space-y-3" data-testid="turn-comparison">
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <DecisionColumn title={titles.before} decisions={before} diff={diff} side="before" />
        {after ? (
          <DecisionColumn title={titles.after} decisions={after} diff={diff} side="after" />
        ) : (
          <section className="rounded-lg border border-border border-dashed p-3 text-sm" aria-label={titles.after}>
            <h4 className="font-medium">{titles.after}</h4>
            <p className="mt-1 text-muted-foreground">Not replayed{note ? `: ${note}` : "."}</p>
          </section>
        )}
      </div>
      {after && note ? <p className="text-muted-foreground text-xs">Note: {note}</p> : null}
      {diff?.checks ? <CheckChanges checks={diff.checks} titles={titles} /> : null}
      {children}
      {diff?.response ? <ReplyDiffLegend /> : null}
    </div>
  );
}

function names(list: string[], marked: string[] = [], mark = ""): ReactNode {
  if (list.length === 0) return <span className="text-muted-foreground">none</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {list.map((key) => (
        <Mono key={key} className="text-xs">
          {key}
          {marked.includes(key) ? <span className="ml-1 font-sans font-medium">({mark})</span> : null}
        </Mono>
      ))}
    </span>
  );
}

/**
 * The passages the turn's reply was written from, each as its source and the start of its content
 * hash: the same text in two versions is the same passage. A passage only this side used is marked.
 */
function KnowledgeUsed({
  knowledge,
  diff,
  side,
}: {
  knowledge: KnowledgeDecision;
  diff: DecisionDiff | null;
  side: "before" | "after";
}) {
  const changed = new Set(
    (side === "after" ? diff?.knowledge?.started : diff?.knowledge?.stopped)?.map((p) => p.passage_id),
  );
  if (knowledge.used.length === 0)
    return <span className="text-muted-foreground">{knowledge.abstained ? "none: abstained" : "none"}</span>;
  return (
    <ul className="space-y-0.5" data-testid={`knowledge-used-${side}`}>
      {knowledge.used.map((p) => (
        <li key={p.passage_id}>
          {p.source_title} <Mono className="text-muted-foreground text-xs">{p.passage_id.slice(0, 8)}</Mono>
          {knowledge.cited.includes(p.passage_id) ? " (cited)" : null}
          {changed.has(p.passage_id) ? (
            <span className="font-medium">{side === "after" ? " (starts)" : " (stops)"}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

interface DecisionColumnProps {
  title: string;
  decisions: TurnDecisions;
  diff: DecisionDiff | null;
  side: "before" | "after";
}

function DecisionColumn({ title, decisions: d, diff, side }: DecisionColumnProps) {
  const fired = side === "after" ? diff?.rules_fired?.started : diff?.rules_fired?.stopped;
  const violated = side === "after" ? diff?.rules_violated?.started : diff?.rules_violated?.stopped;
  const mark = side === "after" ? "starts" : "stops";
  return (
    <section className="min-w-0 space-y-2 rounded-lg border border-border p-3 text-sm" aria-label={title}>
      <h4 className="flex items-center gap-2 font-medium">
        {title}
        <OutcomeBadge outcome={d.outcome} />
      </h4>
      <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-2 leading-relaxed">
        <ReplyDiff text={d.response} parts={diff?.response} side={side} />
      </p>
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Scenario › step</dt>
        <dd>{d.scenario ? `${d.scenario.name} › ${d.step?.name ?? "no step"}` : "no scenario"}</dd>
        <dt className="text-muted-foreground">Rules fired</dt>
        <dd>{names(d.rules_fired, fired, mark)}</dd>
        <dt className="text-muted-foreground">Rules violated</dt>
        <dd>{names(d.rules_violated, violated, mark)}</dd>
        <dt className="text-muted-foreground">Tools</dt>
        <dd>{names(d.tools.map((t) => `${t.key}${t.ok ? "" : " (failed)"}`))}</dd>
        <dt className="text-muted-foreground">Model calls</dt>
        <dd className="font-mono tabular-nums">
          {d.model_calls}
          {d.regenerations > 0 ? ` · ${countOf(d.regenerations, "regeneration")}` : ""}
        </dd>
        {d.knowledge ? (
          <>
            <dt className="text-muted-foreground">Knowledge</dt>
            <dd>
              <KnowledgeUsed knowledge={d.knowledge} diff={diff} side={side} />
            </dd>
          </>
        ) : null}
        {d.fallback_reason ? (
          <>
            <dt className="text-muted-foreground">Fallback</dt>
            <dd>
              <Mono className="text-xs">{d.fallback_reason}</Mono>
            </dd>
          </>
        ) : null}
      </dl>
      {Object.keys(d.checks).length > 0 ? (
        <div className="flex flex-wrap gap-1">
          {Object.entries(d.checks).map(([check, result]) => (
            <Badge key={check} variant={checkVariant(result)} title={check}>
              {checkName(check)}: {checkResultWord(result)}
            </Badge>
          ))}
        </div>
      ) : null}
    </section>
  );
}
