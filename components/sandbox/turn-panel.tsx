"use client";

import { type KeyboardEvent, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SandboxData } from "@/lib/sandbox/server/load-sandbox";
import type { SessionView, TurnView } from "@/lib/turns/turn-view";
import { ContinuityPanel } from "./continuity-panel";
import { LiveTimeline, type LiveTurn } from "./live-timeline";
import { SessionStatePanel } from "./session-state-panel";
import { TurnTimeline } from "./turn-timeline";

const TABS = [
  { id: "timeline", label: "Timeline" },
  { id: "continuity", label: "Continuity" },
  { id: "state", label: "State" },
] as const;
type TabId = (typeof TABS)[number]["id"];

interface TurnPanelProps {
  turn: TurnView | null;
  session: SessionView | null;
  /** The newest turn: the session's goal is the one it ran on. */
  latest: TurnView | null;
  canPost: boolean;
  continuity: SandboxData["continuity"];
  /** The turn running now: its timeline fills in stage by stage. */
  live?: LiveTurn | null;
}

/** The side panel: the selected turn's stage timeline, its continuity telemetry and the session state (WAI-ARIA tabs). */
export function TurnPanel({ turn, session, latest, canPost, continuity, live = null }: TurnPanelProps) {
  const baseId = useId();
  const [tab, setTab] = useState<TabId>("timeline");
  // The latest turn's provenance keeps the reformulation it ran on: remember a restore until the next turn.
  const [restoredAfter, setRestoredAfter] = useState<string | null>(null);
  const isLatest = turn !== null && turn.id === latest?.id;
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    setTab(next.id);
    tabRefs.current[next.id]?.focus();
  }

  return (
    <aside aria-label="Turn details" className="flex min-h-0 flex-col rounded-lg border border-border bg-card">
      <div className="flex items-center justify-between gap-2 border-border border-b px-3 pt-2">
        <h2 className="whitespace-nowrap pb-2 font-semibold text-sm">
          {live ? "New turn" : turn ? `Turn ${turn.turnIndex + 1}` : "Turn"}
          {live ? (
            <span className="ml-1.5 font-normal text-muted-foreground text-xs">
              {live.final ? "stored" : "running"}
            </span>
          ) : turn && isLatest ? (
            <span className="ml-1.5 font-normal text-muted-foreground text-xs">latest</span>
          ) : null}
        </h2>
        <div role="tablist" aria-label="Turn details" className="flex xl:gap-1" onKeyDown={onKeyDown}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${baseId}-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              className={cn(
                "-mb-px border-transparent border-b-2 px-1.5 pb-2 font-medium text-muted-foreground text-sm hover:text-foreground xl:px-2",
                tab === t.id && "border-foreground text-foreground",
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div
        // A fresh element per tab: the State tab must not open at the timeline's scroll position.
        key={tab}
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        // relative: the copy buttons' sr-only live regions are clipped here, not stretching the page.
        className="relative min-h-0 flex-1 overflow-y-auto p-3"
      >
        {tab === "timeline" ? (
          live ? (
            <LiveTimeline live={live} />
          ) : turn ? (
            <TurnTimeline key={turn.id} turn={turn} />
          ) : (
            <p className="text-muted-foreground text-sm">
              No turn yet. Send a message: each stage it runs through (sensor, routing, rules, generation, enforcement…)
              appears here with its timing and numbers.
            </p>
          )
        ) : tab === "continuity" ? (
          turn ? (
            <ContinuityPanel turn={turn} />
          ) : (
            <p className="text-muted-foreground text-sm">
              No turn yet. With continuity on, a follow-up that names one of the options the agent offered (an order
              from a list, say) is resolved here without a clarifier, and this tab shows why.
            </p>
          )
        ) : session ? (
          <SessionStatePanel
            session={session}
            latest={latest}
            viewingOlderTurn={turn !== null && !isLatest}
            canPost={canPost}
            continuity={continuity}
            goalRestored={latest !== null && restoredAfter === latest.id}
            onGoalRestored={() => setRestoredAfter(latest?.id ?? null)}
          />
        ) : (
          <p className="text-muted-foreground text-sm">No session yet: start one to see its state here.</p>
        )}
      </div>
    </aside>
  );
}
