"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { InboxConversation } from "@/lib/handoffs/inbox-views";
import { ClaimButton, READ_ONLY_REASON } from "./claim-button";
import { ConversationLines } from "./conversation-lines";
import { HandBackDialog } from "./hand-back-dialog";
import { ReplyBox } from "./reply-box";
import { TurnTracePanel } from "./turn-trace-panel";
import { useSessionEvents } from "./use-session-events";

const MODE_WORDS = { agent: "with the agent", waiting: "waiting for a person", human: "with a person" } as const;
const LIVE_WORDS = { connecting: "connecting…", live: "live", reconnecting: "reconnecting…" } as const;

// Below 1024 px the queue and the conversation are one column, the conversation under a queue that
// can be 1,700 px long on a phone: opening one brings it into view instead of leaving it below.
const ONE_COLUMN = "(max-width: 1023px)";

/** On one column, scrolls the opened conversation to the top of the screen and moves focus into it. */
function useBringIntoView() {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!window.matchMedia(ONE_COLUMN).matches) return;
    section.current?.scrollIntoView({ block: "start" });
    section.current?.focus({ preventScroll: true });
  }, []);
  return section;
}

/** One conversation: live lines and notes, its controls, the reply box, and a turn's trace beside it. */
export function ConversationPanel({
  conversation,
  operatorEmail,
}: {
  conversation: InboxConversation;
  /** The signed-in operator: a claim of theirs reads "claimed by you". */
  operatorEmail: string;
}) {
  const router = useRouter();
  const section = useBringIntoView();
  const { messages, mode, live } = useSessionEvents(conversation, () => router.refresh());
  const [tracedTurnId, setTracedTurnId] = useState<string | null>(null);
  const traced = conversation.turns.find((turn) => turn.id === tracedTurnId) ?? null;
  const { handoff } = conversation;
  const replyBlocked = !conversation.can_act
    ? READ_ONLY_REASON
    : mode === "agent"
      ? handoff
        ? "The agent has this conversation and promised a follow-up: claim it to reply as a person."
        : "The agent has this conversation: nothing to reply to as a person."
      : null;
  return (
    // The trace sits beside the conversation from 1536 px; narrower, under it, so the reply box keeps its width.
    <div
      className={cn(
        "grid min-h-0 flex-1 grid-cols-1 gap-3",
        // Under 1536 px an open trace sits below the conversation: the column scrolls to it.
        traced
          ? "overflow-y-auto 2xl:grid-cols-[minmax(0,1fr)_400px] 2xl:grid-rows-[minmax(0,1fr)] 2xl:overflow-visible"
          : "grid-rows-[minmax(0,1fr)]",
      )}
    >
      {/* On one column as tall as the screen below the top bar, so its reply box shows with it. */}
      <section
        ref={section}
        tabIndex={-1}
        aria-label={`Conversation with ${conversation.agent_name}`}
        data-testid="inbox-conversation-panel"
        className="flex min-h-[28rem] scroll-mt-3 flex-col rounded-lg border border-border focus:outline-none max-lg:h-[calc(100dvh-4.5rem)]"
      >
        <header className="flex flex-wrap items-center gap-2 border-border border-b p-3">
          <h2 className="font-medium text-sm">{conversation.agent_name}</h2>
          <Badge variant={mode === "agent" ? "neutral" : mode === "waiting" ? "warning" : "info"} data-testid="mode">
            {MODE_WORDS[mode]}
          </Badge>
          {/* Always present, so that a claim made here is announced; a toast would cover the reply's buttons. */}
          <span className="text-muted-foreground text-xs" role="status" data-testid="claimed-by">
            {handoff?.claimed_by && mode === "human"
              ? `claimed by ${handoff.claimed_by === operatorEmail ? "you" : handoff.claimed_by}`
              : ""}
          </span>
          <span className="text-muted-foreground text-xs" role="status" data-testid="live-state">
            {LIVE_WORDS[live]}
          </span>
          <div className="ml-auto flex items-center gap-2">
            {/* A follow-up the agent promised waits while the agent keeps the session (mode agent). */}
            {handoff && handoff.state === "waiting" && mode !== "human" ? (
              <ClaimButton handoffId={handoff.id} sessionId={conversation.session_id} canAct={conversation.can_act} />
            ) : null}
            {handoff && mode !== "agent" ? (
              <HandBackDialog handoffId={handoff.id} disabledReason={conversation.can_act ? null : READ_ONLY_REASON} />
            ) : null}
          </div>
        </header>
        <ConversationLines
          messages={messages}
          notes={conversation.notes}
          tracedTurnId={tracedTurnId}
          onTrace={(id) => setTracedTurnId((current) => (current === id ? null : id))}
        />
        <ReplyBox sessionId={conversation.session_id} disabledReason={replyBlocked} />
      </section>
      {traced ? (
        <TurnTracePanel
          turn={traced}
          agentKey={conversation.agent_key}
          names={conversation.names}
          onClose={() => setTracedTurnId(null)}
        />
      ) : null}
    </div>
  );
}
