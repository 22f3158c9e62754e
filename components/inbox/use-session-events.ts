"use client";

import { useEffect, useMemo, useState } from "react";
import type { TranscriptMessage } from "@/lib/handoffs/handoff-schemas";
import type { InboxConversation } from "@/lib/handoffs/inbox-views";

export type LiveState = "connecting" | "live" | "reconnecting";

/**
 * The conversation kept live by GET /api/v1/sessions/{id}/events: messages after the last one the
 * page rendered, and the mode. `onNewTurn` runs when a line of a turn the page has not loaded arrives
 * (the page re-renders on the server for its trace). Lines come once: a reconnect that sends some
 * again is deduplicated by id.
 */
export function useSessionEvents(conversation: InboxConversation, onNewTurn: () => void) {
  const { session_id: sessionId } = conversation;
  const [streamed, setStreamed] = useState<TranscriptMessage[]>([]);
  const [eventMode, setEventMode] = useState<InboxConversation["mode"] | null>(null);
  const [live, setLive] = useState<LiveState>("connecting");
  const lastRendered = conversation.messages.at(-1)?.id ?? null;
  const knownTurns = useMemo(() => new Set(conversation.turns.map((t) => t.id)), [conversation.turns]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one stream per session; later renders only add lines it dedupes
  useEffect(() => {
    setStreamed([]);
    setEventMode(null);
    setLive("connecting");
    const after = lastRendered ? `?after=${encodeURIComponent(lastRendered)}` : "";
    const source = new EventSource(`/api/v1/sessions/${sessionId}/events${after}`);
    source.onopen = () => setLive("live");
    source.onerror = () => setLive("reconnecting");
    source.addEventListener("message", (event) => {
      const message = JSON.parse(event.data) as TranscriptMessage;
      setStreamed((before) => (before.some((m) => m.id === message.id) ? before : [...before, message]));
      if (message.turn_id && !knownTurns.has(message.turn_id)) onNewTurn();
    });
    source.addEventListener("mode", (event) => {
      setEventMode((JSON.parse(event.data) as { mode: InboxConversation["mode"] }).mode);
    });
    return () => source.close();
  }, [sessionId]);

  const messages = useMemo(() => {
    const seen = new Set(conversation.messages.map((m) => m.id));
    return [...conversation.messages, ...streamed.filter((m) => !seen.has(m.id))];
  }, [conversation.messages, streamed]);
  return { messages, mode: eventMode ?? conversation.mode, live };
}
