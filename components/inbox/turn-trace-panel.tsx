"use client";

import { X } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { turnHref } from "@/lib/traces/trace-search";
import type { ConfigNames } from "@/lib/turns/name-ids";
import type { TurnView } from "@/lib/turns/turn-view";
import { ConfigNamesProvider } from "../sandbox/config-names";
import { ProvenanceFooter } from "../sandbox/provenance-footer";
import { TurnTimeline } from "../sandbox/turn-timeline";

/** The trace of one agent turn beside the conversation: the stage waterfall (with its facts) and provenance. */
export function TurnTracePanel({
  turn,
  agentKey,
  names,
  onClose,
}: {
  turn: TurnView;
  agentKey: string;
  names: ConfigNames;
  onClose: () => void;
}) {
  return (
    <aside
      aria-label={`Trace of turn ${turn.turnIndex + 1}`}
      data-testid="inbox-trace-panel"
      className="relative flex min-h-0 flex-col gap-3 overflow-y-auto rounded-lg border border-border bg-card p-3"
    >
      <header className="flex items-center gap-2">
        <h2 className="font-medium text-sm">Trace · turn {turn.turnIndex + 1}</h2>
        <Link href={turnHref(agentKey, turn.id)} className="ml-auto text-xs underline">
          Open in Traces
        </Link>
        <Button type="button" variant="ghost" size="sm" onClick={onClose} aria-label="Close the trace">
          <X aria-hidden="true" />
        </Button>
      </header>
      <ConfigNamesProvider names={names}>
        <TurnTimeline turn={turn} />
      </ConfigNamesProvider>
      <ProvenanceFooter turn={turn} agentKey={agentKey} />
    </aside>
  );
}
