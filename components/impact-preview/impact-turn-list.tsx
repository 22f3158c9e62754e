"use client";

import { ChevronDown, ChevronRight, ExternalLink } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { turnStatusText } from "@/lib/replay/impact-groups";
import type { ReportTurn } from "@/lib/replay/replay-types";
import { turnHref } from "@/lib/traces/trace-search";
import { OutcomeBadge } from "./outcome-badge";
import { TurnComparison } from "./turn-comparison";

const CHANGE_WORDS: Record<string, string> = {
  rules_fired: "rules fired",
  rules_violated: "rules violated",
  model_calls: "model calls",
  fallback_reason: "fallback reason",
};

// The preview replays each turn on the saved configuration and on the draft (docs/replay.md).
const SAVED_AND_DRAFT = { before: "Saved configuration", after: "This draft" };

/** The changed and not-replayable turns, each opening its replay on the saved configuration and on the draft side by side. */
export function ImpactTurnList({ agentKey, turns }: { agentKey: string; turns: ReportTurn[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="impact-turns" className="space-y-2">
      <h3 id="impact-turns" className="font-medium text-sm">
        Turns to look at <span className="text-muted-foreground">· changed first, then not replayable</span>
      </h3>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {turns.map((turn) => {
          const id = `${turn.sessionId}:${turn.turnId}`;
          const expanded = open === id;
          return (
            <li key={id} data-testid="impact-turn" data-status={turn.status}>
              <button
                type="button"
                className="flex w-full flex-wrap items-center gap-2 px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? null : id)}
              >
                {expanded ? (
                  <ChevronDown aria-hidden="true" className="size-4" />
                ) : (
                  <ChevronRight aria-hidden="true" className="size-4" />
                )}
                <Badge variant={turn.status === "changed" ? "info" : "warning"}>{turnStatusText(turn)}</Badge>
                <span>
                  Turn {turn.turnIndex + 1} of session <Mono className="text-xs">{turn.sessionId.slice(0, 8)}</Mono>
                </span>
                {turn.diff?.outcome ? (
                  <span className="flex items-center gap-1">
                    <OutcomeBadge outcome={turn.diff.outcome.before} />
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">becomes</span>
                    <OutcomeBadge outcome={turn.diff.outcome.after} />
                  </span>
                ) : (
                  <OutcomeBadge outcome={turn.before.outcome} />
                )}
                {turn.diff?.newly_blocked ? <Badge variant="danger">newly blocked</Badge> : null}
                <span className="ml-auto text-muted-foreground text-xs">
                  {turn.diff
                    ? turn.diff.changed.map((kind) => CHANGE_WORDS[kind] ?? kind).join(", ")
                    : (turn.note ?? "not replayed")}
                </span>
              </button>
              {expanded ? (
                <div className="space-y-2 border-border border-t bg-muted/30 p-3">
                  <TurnComparison turn={turn} titles={SAVED_AND_DRAFT} />
                  <Link
                    href={turnHref(agentKey, turn.turnId)}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex items-center gap-1 text-xs underline underline-offset-4"
                  >
                    Open the original trace in a new tab <ExternalLink aria-hidden="true" className="size-3" />
                  </Link>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
