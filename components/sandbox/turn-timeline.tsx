"use client";

import { type ReactNode, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { formatUsd } from "@/lib/text/usd";
import type { TurnView } from "@/lib/turns/turn-view";
import { formatCount, formatMs, outcomeVariant } from "./sandbox-format";
import { SpanRow } from "./span-row";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-[11px] text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xs tabular-nums">{children}</dd>
    </div>
  );
}

/** Labels that tell repeated stages apart: a regenerated turn runs extraction and enforcement again. */
function spanLabels(turn: TurnView): string[] {
  const seen = new Map<string, number>();
  return turn.spans.map((span) => {
    const n = (seen.get(span.name) ?? 0) + 1;
    seen.set(span.name, n);
    return n > 1 ? `${span.name} ·${n}` : span.name;
  });
}

/** The selected turn's stages as a waterfall: bars placed on the turn's own time axis. */
export function TurnTimeline({ turn }: { turn: TurnView }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const spansEnd = Math.max(0, ...turn.spans.map((s) => s.startOffsetMs + s.durationMs));
  const totalMs = Math.max(turn.latencyMs, spansEnd);
  const labels = spanLabels(turn);

  function toggle(index: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  }

  return (
    <div data-testid="timeline" className="flex flex-col gap-3">
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2 rounded-md border border-border px-3 py-2">
        <div className="flex flex-col">
          <dt className="text-[11px] text-muted-foreground">Outcome</dt>
          <dd>
            <Badge variant={outcomeVariant(turn.outcome)} />
          </dd>
        </div>
        <Fact label="Latency">{formatMs(turn.latencyMs)}</Fact>
        <Fact label="Model calls">{turn.modelCalls}</Fact>
        <Fact label="Tokens in / out">
          {formatCount(turn.tokensIn)} / {formatCount(turn.tokensOut)} · {formatUsd(turn.costUsd)}
        </Fact>
        <Fact label="Config">
          {turn.provenance.environment ? `${turn.provenance.environment} · ` : ""}v{turn.configVersion}
        </Fact>
        <Fact label="Model">{turn.model}</Fact>
      </dl>
      {turn.spans.length === 0 ? (
        <p className="text-muted-foreground text-sm">This turn recorded no stage spans.</p>
      ) : (
        <div className="rounded-md border border-border">
          <div
            className="grid grid-cols-[7.5rem_minmax(0,1fr)_4.5rem] gap-x-2 border-border border-b bg-muted px-2 py-1 text-[11px] text-muted-foreground"
            aria-hidden="true"
          >
            <span className="pl-[1.125rem]">Stage</span>
            <span className="flex justify-between font-mono">
              <span>0</span>
              <span>{formatMs(totalMs)}</span>
            </span>
            <span className="text-right">Took</span>
          </div>
          <ol aria-label={`Stages of turn ${turn.turnIndex + 1}`}>
            {turn.spans.map((span, index) => (
              <SpanRow
                // biome-ignore lint/suspicious/noArrayIndexKey: spans are stored in the order they ran.
                key={index}
                id={`${baseId}-${index}`}
                span={span}
                label={labels[index] ?? span.name}
                totalMs={totalMs}
                open={open.has(index)}
                onToggle={() => toggle(index)}
              />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
