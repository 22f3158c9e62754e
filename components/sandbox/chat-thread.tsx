"use client";

import { type ReactNode, useEffect, useRef } from "react";
import type { TurnView } from "@/lib/turns/turn-view";
import { AgentMessage, StreamedReply, ThinkingMessage, UserMessage } from "./agent-message";

interface ChatThreadProps {
  turns: TurnView[];
  /** The message of the turn that is running, shown at once with a "thinking…" reply. */
  inflight: string | null;
  /** The running turn's reply once the server stored it (shown until the stored turn renders). */
  streamedReply?: string | null;
  agentKey: string;
  selectedTurnId: string | null;
  onSelectTurn: (turnId: string) => void;
  /** Shown when there is nothing to read yet. */
  empty: ReactNode;
}

export function ChatThread({
  turns,
  inflight,
  streamedReply = null,
  agentKey,
  selectedTurnId,
  onSelectTurn,
  empty,
}: ChatThreadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = turns.length;

  // Keep the newest message in view when a turn is sent or answered (a DOM sync, not derived state).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count and inflight are the triggers.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight });
  }, [count, inflight]);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-4" role="log" aria-label="Conversation">
      {count === 0 && inflight === null ? (
        empty
      ) : (
        <ol className="flex flex-col gap-3">
          {turns.map((turn) => (
            <li key={turn.id} className="flex flex-col gap-2">
              <UserMessage text={turn.userMessage} />
              <AgentMessage
                turn={turn}
                agentKey={agentKey}
                selected={turn.id === selectedTurnId}
                onSelect={() => onSelectTurn(turn.id)}
              />
            </li>
          ))}
          {inflight !== null ? (
            <li className="flex flex-col gap-2">
              <UserMessage text={inflight} pending />
              {streamedReply !== null ? <StreamedReply text={streamedReply} /> : <ThinkingMessage />}
            </li>
          ) : null}
        </ol>
      )}
    </div>
  );
}
