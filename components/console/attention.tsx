"use client";

import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { parseAttentionCounts } from "@/lib/attention/attention-schemas";
import type { NavCounts } from "./nav-items";

// The console's live counts (docs/approvals.md#the-console): the layout's counts first, then each
// `counts` event of /api/v1/attention/events. One stream per tab, shared by the sidebar and the pages
// that re-read their list when a count changes. EventSource reconnects by itself after a drop.

const AttentionContext = createContext<NavCounts | null>(null);

export function AttentionProvider({ initial, children }: { initial: NavCounts; children: ReactNode }) {
  const [counts, setCounts] = useState(initial);
  // A navigation or refresh brings the layout's fresh counts: they are as new as the stream's.
  const fromServer = JSON.stringify(initial);
  useEffect(() => setCounts(JSON.parse(fromServer) as NavCounts), [fromServer]);
  useEffect(() => {
    const source = new EventSource("/api/v1/attention/events");
    source.addEventListener("counts", (event) => {
      const parsed = parseAttentionCounts((event as MessageEvent<string>).data);
      if (!parsed) return;
      setCounts({
        waitingHandoffs: parsed.waiting_handoffs,
        unreadHandoffs: parsed.unread_handoffs,
        pendingApprovals: parsed.pending_approvals,
        expiringApprovals: parsed.expiring_approvals,
      });
    });
    return () => source.close();
  }, []);
  return <AttentionContext.Provider value={counts}>{children}</AttentionContext.Provider>;
}

/** The live counts; null outside the console's frame. */
export function useAttention(): NavCounts | null {
  return useContext(AttentionContext);
}
