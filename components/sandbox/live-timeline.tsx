"use client";

import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { plural } from "@/lib/text/plural";
import type { StageEvent, TurnEventBody } from "@/lib/turns/turn-stream";
import { formatMs } from "./sandbox-format";

/** A turn while it runs: the stages the server reported so far, and the stored reply once it is in. */
export interface LiveTurn {
  message: string;
  stages: StageEvent[];
  final: TurnEventBody | null;
}

/** The running turn's stages, filled in one by one as the server finishes them. */
export function LiveTimeline({ live }: { live: LiveTurn }) {
  const done = live.final !== null;
  const stages = live.stages;
  const summary = done
    ? `${stages.length} stages, reply stored (${live.final?.outcome}); loading its details…`
    : stages.length === 0
      ? "Turn started; waiting for the first stage…"
      : `${plural(stages.length, "stage")} done; running the next…`;
  return (
    <div data-testid="live-timeline" data-state={done ? "stored" : "running"} className="flex flex-col gap-3">
      <p role="status" aria-live="polite" className="rounded-md border border-border px-3 py-2 text-sm">
        <span className={done ? undefined : "animate-pulse motion-reduce:animate-none"}>{summary}</span>
      </p>
      <ol aria-label="Stages of the running turn" className="rounded-md border border-border">
        {stages.map((stage, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: stages arrive in the order they ran.
            key={index}
            data-testid="live-stage"
            data-span={stage.name}
            className="grid grid-cols-[7.5rem_minmax(0,1fr)_4.5rem] gap-x-2 border-border border-b px-2 py-1 last:border-b-0"
          >
            <span className="truncate font-mono text-xs">{stage.name}</span>
            <span className="flex min-w-0 items-center gap-1.5 text-[11px] text-muted-foreground">
              {stage.status !== "ok" ? (
                <Badge variant={stage.status === "error" ? "danger" : "neutral"}>{stage.status}</Badge>
              ) : null}
              <span className="truncate" title={stage.decision}>
                {stage.decision}
              </span>
            </span>
            <span className="text-right font-mono text-xs tabular-nums">{formatMs(stage.duration_ms)}</span>
          </li>
        ))}
        {done ? null : (
          <li
            data-testid="live-stage-pending"
            className="grid grid-cols-[7.5rem_minmax(0,1fr)_4.5rem] items-center gap-x-2 px-2 py-1.5"
          >
            <span className="font-mono text-muted-foreground text-xs">running…</span>
            <Skeleton className="h-2.5" />
            <span aria-hidden="true" />
          </li>
        )}
      </ol>
    </div>
  );
}
