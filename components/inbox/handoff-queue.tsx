"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { formatWait, type InboxItem } from "@/lib/handoffs/inbox-views";
import { ClaimButton } from "./claim-button";
import { CHANNEL_LABELS, REASON_LABELS } from "./reason-labels";
import { useNow } from "./use-now";
import { WaitBadge } from "./wait-badge";

/** New handoffs appear within this long; the open conversation itself is live (event stream). */
const REFRESH_MS = 5000;

/** The queue: waiting and claimed handoffs, oldest first, each with its wait against the agent's target. */
export function HandoffQueue({
  items,
  selected,
  renderedAt,
}: {
  items: InboxItem[];
  selected: string | null;
  /** The server's clock when it rendered the page (epoch ms): the waits' first render, for hydration. */
  renderedAt: number;
}) {
  const router = useRouter();
  const now = useNow(renderedAt);
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);
  if (items.length === 0) {
    return (
      <EmptyState
        title="Nobody is waiting"
        description="A conversation lands here when a hard rule with on_violation: handoff still fails after regeneration, the customer asks for a person, fallbacks repeat, the agent promises a person's follow-up, or an operator takes it over."
      />
    );
  }
  return (
    <ol className="flex flex-col gap-1.5" aria-label="Handoff queue" data-testid="handoff-queue">
      {items.map((item) => {
        const waited = (now - Date.parse(item.requested_at)) / 1000;
        const current = item.session_id === selected;
        return (
          <li
            key={item.handoff_id}
            data-testid="queue-item"
            data-session-id={item.session_id}
            className={cn(
              "rounded-md border border-border bg-card p-2.5 text-sm",
              current && "border-ring/60 ring-1 ring-ring/40",
            )}
          >
            <div className="flex items-center gap-2">
              <Link
                href={`/inbox?session=${item.session_id}`}
                // The opened conversation scrolls itself into view where it sits under the queue.
                scroll={false}
                aria-current={current ? "true" : undefined}
                className="min-w-0 flex-1 truncate font-medium hover:underline"
              >
                {item.customer ?? `Session ${item.session_id.slice(0, 8)}`}
              </Link>
              {item.state === "waiting" && item.reason === "promised_follow_up" ? (
                // The customer is still with the agent: the target for a waiting customer does not apply.
                <Badge variant="info" title={`Promised ${formatWait(waited)} ago; the agent keeps the conversation`}>
                  follow-up
                </Badge>
              ) : item.state === "waiting" ? (
                <WaitBadge seconds={waited} targetSeconds={item.target_seconds} />
              ) : (
                <Badge variant="info">claimed</Badge>
              )}
            </div>
            {/* One fact a line: a separator dot left at a wrapped line's end reads as a missing value. */}
            <div className="mt-1 flex flex-col gap-0.5 text-muted-foreground text-xs">
              <span>
                {item.agent_name}, {CHANNEL_LABELS[item.channel]}
              </span>
              <span>
                {REASON_LABELS[item.reason]}
                {item.detail ? `: ${item.detail}` : ""}
              </span>
              {item.claimed_by ? <span>with {item.claimed_by}</span> : null}
            </div>
            {item.state === "waiting" ? (
              <div className="mt-2">
                <ClaimButton handoffId={item.handoff_id} sessionId={item.session_id} canAct={item.can_act} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
