"use client";

import { ChevronDown, ChevronRight } from "lucide-react";
import Link from "next/link";
import { Fragment, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import { type LoopView, loopHref, REASON_WORDS, utc } from "@/lib/loops/loop-view";
import { FatigueBar } from "./fatigue-bar";
import { DecisionBadge, KindBadge } from "./loop-badges";

/** Loops of one family (a root and its reruns), deepest rerun first; families in list order. */
function groupByFamily(loops: LoopView[]): LoopView[][] {
  const families = new Map<string, LoopView[]>();
  for (const loop of loops) families.set(loop.familyId, [...(families.get(loop.familyId) ?? []), loop]);
  return [...families.values()].map((family) => family.sort((a, b) => b.rerunDepth - a.rerunDepth));
}

/**
 * One row per loop family — its newest loop — with the earlier reruns behind a toggle. Seven columns
 * so that decision, overrider and time stay readable at 1280–1440 px: kind and agent share the loop's cell.
 */
export function LoopsTable({ loops }: { loops: LoopView[] }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (familyId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(familyId)) next.add(familyId);
      return next;
    });
  return (
    <Table containerClassName="max-h-[calc(100vh-10rem)]" aria-label="Loops">
      <TableHeadings
        labels={[
          "Loop",
          { label: "Reruns", numeric: true },
          "Fatigue",
          "Bias echo",
          "Decision",
          "Overridden by",
          "Updated",
        ]}
      />
      <TableBody>
        {groupByFamily(loops).map(([newest, ...earlier]) => {
          if (!newest) return null;
          const expanded = open.has(newest.familyId);
          return (
            <Fragment key={newest.familyId}>
              <LoopRow
                loop={newest}
                toggle={
                  earlier.length > 0 ? (
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={`family-${newest.id}`}
                      onClick={() => toggle(newest.familyId)}
                      className="inline-flex items-center gap-0.5 rounded text-muted-foreground text-xs hover:text-foreground"
                    >
                      {expanded ? (
                        <ChevronDown aria-hidden className="size-3.5" />
                      ) : (
                        <ChevronRight aria-hidden className="size-3.5" />
                      )}
                      {earlier.length} earlier
                    </button>
                  ) : null
                }
              />
              {expanded
                ? earlier.map((loop) => <LoopRow key={loop.id} loop={loop} nested id={`family-${newest.id}`} />)
                : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}

function LoopRow({
  loop,
  toggle,
  nested = false,
  id,
}: {
  loop: LoopView;
  toggle?: React.ReactNode;
  nested?: boolean;
  id?: string;
}) {
  return (
    <TableRow data-testid={`loop-row-${loop.loopId}`} id={id} className={nested ? "bg-muted/30" : undefined}>
      <TableCell className={nested ? "pl-8" : undefined}>
        <div className="flex items-center gap-1 whitespace-nowrap">
          <Link href={loopHref(loop.loopId)} className="font-mono text-xs underline-offset-2 hover:underline">
            {loop.loopId}
          </Link>
          <CopyButton value={loop.loopId} label={`loop id ${loop.loopId}`} />
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs">
          <KindBadge kind={loop.kind} />
          {loop.agentKey ? (
            <Link href={`/agents/${loop.agentKey}`}>{loop.agentKey}</Link>
          ) : (
            <span className="text-muted-foreground">default limits</span>
          )}
          {toggle}
        </div>
      </TableCell>
      <TableCell numeric>
        {loop.rerunCount} / {loop.maxReruns}
      </TableCell>
      <TableCell>
        <FatigueBar fatigue={loop.reflectionFatigue} limit={loop.fatigueLimit} />
      </TableCell>
      <TableCell className="space-x-1">
        {loop.biasEcho ? (
          loop.repeatedTags.map((tag) => (
            <Badge key={tag} variant="danger">
              {tag}
            </Badge>
          ))
        ) : (
          <span className="text-muted-foreground text-xs">—</span>
        )}
      </TableCell>
      <TableCell>
        <DecisionBadge loop={loop} />
        {loop.finalizeReason && loop.finalizeReason !== "thresholds_met" ? (
          <div className="mt-0.5 text-muted-foreground text-xs">{REASON_WORDS[loop.finalizeReason]}</div>
        ) : null}
      </TableCell>
      <TableCell className="text-xs">{loop.overriddenBy ?? <span className="text-muted-foreground">—</span>}</TableCell>
      <TableCell className="text-muted-foreground text-xs">
        <time dateTime={loop.timestamp}>{utc(loop.timestamp)}</time>
      </TableCell>
    </TableRow>
  );
}
