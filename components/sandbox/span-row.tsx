"use client";

import { ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { Span } from "@/lib/engine/contracts/turn-outcome";
import { nameIds, nameIdsDeep } from "@/lib/turns/name-ids";
import { useConfigNames } from "./config-names";
import { formatMs } from "./sandbox-format";
import { SpanAttributes } from "./span-attributes";

const BAR: Record<Span["status"], string> = {
  ok: "bg-success/70",
  error: "bg-danger",
  skipped: "bg-muted-foreground/30",
};

// A sub-millisecond stage still gets a visible sliver (0.6 % of the track ≈ 2 px in a 26 rem panel).
const MIN_BAR_PERCENT = 0.6;

interface SpanRowProps {
  span: Span;
  /** "enforcement ·2" for the second enforcement of a regenerated turn. */
  label: string;
  totalMs: number;
  open: boolean;
  onToggle: () => void;
  id: string;
}

export function SpanRow({ span, label, totalMs, open, onToggle, id }: SpanRowProps) {
  const detail = useRef<HTMLDivElement>(null);
  const names = useConfigNames();
  // Bring an opened row's numbers into view: the last rows open below the panel's fold.
  useEffect(() => {
    if (open) detail.current?.scrollIntoView({ block: "nearest" });
  }, [open]);
  const left = totalMs > 0 ? (span.startOffsetMs / totalMs) * 100 : 0;
  const width = totalMs > 0 ? Math.max((span.durationMs / totalMs) * 100, MIN_BAR_PERCENT) : MIN_BAR_PERCENT;
  return (
    <li data-testid="span-row" data-span={span.name} className="border-border border-b last:border-b-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? `${id}-detail` : undefined}
        onClick={onToggle}
        className="grid w-full grid-cols-[7.5rem_minmax(0,1fr)_4.5rem] items-center gap-x-2 px-2 py-1 text-left hover:bg-muted/60 aria-expanded:bg-muted/40"
      >
        <span className="flex min-w-0 items-center gap-1 font-mono text-xs">
          <ChevronRight
            aria-hidden="true"
            className={cn("size-3.5 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")}
          />
          <span className="truncate">{label}</span>
        </span>
        <span className="relative h-2.5 rounded-sm bg-muted" aria-hidden="true">
          <span
            className={cn("absolute inset-y-0 rounded-sm", BAR[span.status])}
            style={{ left: `${Math.min(left, 100 - MIN_BAR_PERCENT)}%`, width: `${Math.min(width, 100 - left)}%` }}
          />
        </span>
        <span className="text-right font-mono text-xs tabular-nums">{formatMs(span.durationMs)}</span>
        <span className="col-span-3 flex min-w-0 items-center gap-1.5 pl-[1.125rem] text-[11px] text-muted-foreground leading-4">
          {span.status !== "ok" ? (
            <Badge variant={span.status === "error" ? "danger" : "neutral"}>{span.status}</Badge>
          ) : null}
          <span className={cn("min-w-0", open ? "break-words" : "truncate")}>{nameIds(span.decision, names)}</span>
        </span>
      </button>
      {open ? (
        <div ref={detail} id={`${id}-detail`} className="space-y-2 px-2 pt-1 pb-3 pl-[1.625rem]">
          <p className="text-muted-foreground text-xs">
            starts at <span className="font-mono">{formatMs(span.startOffsetMs)}</span>, took{" "}
            <span className="font-mono">{formatMs(span.durationMs)}</span>
          </p>
          <SpanAttributes attributes={nameIdsDeep(span.attributes, names) as Record<string, unknown>} />
        </div>
      ) : null}
    </li>
  );
}
