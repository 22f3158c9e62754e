"use client";

import { useRouter } from "next/navigation";
import { startTransition, useOptimistic, useRef, useState, useTransition } from "react";
import { startSandboxSessionAction } from "@/lib/actions/sandbox/start-sandbox-session";
import { submitTurnAction } from "@/lib/actions/sandbox/submit-turn";
import { type SessionView, TurnMessage, type TurnView } from "@/lib/turns/turn-view";
import type { SandboxError } from "./action-error";
import { sandboxHref } from "./sandbox-format";

interface Hosted {
  turn: TurnView;
  session: SessionView;
}

/**
 * The composer's send: validate, show the message at once (optimistic) with a "thinking…" reply,
 * start a session first when there is none, run the turn, then re-render the page from the server.
 * Turns answered here are kept until the server render includes them, so nothing blinks out between
 * the action's answer and the refreshed page.
 */
export function useSendTurn(agentKey: string, session: SessionView | null, turns: TurnView[]) {
  const router = useRouter();
  const [pending, startSend] = useTransition();
  const [inflight, setInflight] = useOptimistic<string | null>(null);
  const [hosted, setHosted] = useState<Hosted[]>([]);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<SandboxError | null>(null);
  const startedSession = useRef<string | null>(null);

  const known = new Set(turns.map((t) => t.id));
  const extra = hosted.filter((h) => h.turn.sessionId === session?.id && !known.has(h.turn.id));
  const allTurns = extra.length
    ? [...turns, ...extra.map((h) => h.turn)].sort((a, b) => a.turnIndex - b.turnIndex)
    : turns;
  const newest = extra.at(-1)?.session;
  const currentSession = newest && session && newest.turnCount > session.turnCount ? newest : session;

  function send() {
    if (pending) return;
    const text = draft;
    const parsed = TurnMessage.safeParse(text);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Check the message.";
      setError({ code: "VALIDATION", message, fieldErrors: { message: [message] } });
      return;
    }
    setError(null);
    setDraft("");
    const fail = (result: SandboxError) => {
      setError({ code: result.code, message: result.message, fieldErrors: result.fieldErrors });
      // Give the text back unless the operator has started typing the next message.
      setDraft((current) => (current === "" ? text : current));
    };
    startSend(async () => {
      setInflight(parsed.data);
      try {
        // A session this page started for an earlier, failed message is reused, not started again.
        let sessionId = session?.id ?? startedSession.current;
        if (!sessionId) {
          const started = await startSandboxSessionAction({ agentKey });
          if (!started.ok) return fail(started);
          sessionId = started.data.id;
          startedSession.current = sessionId;
        }
        const result = await submitTurnAction({ sessionId, message: text });
        if (!result.ok) return fail(result);
        // One transition: the optimistic message leaves in the same commit the stored turn arrives in.
        startTransition(() => {
          setHosted((list) => [...list, result.data]);
          // Without ?turn the side panel follows the newest turn; the server render refreshes the picker.
          router.replace(sandboxHref(agentKey, { session: sessionId }), { scroll: false });
        });
      } catch {
        fail({ code: "NETWORK", message: "Could not reach the Focal server." });
      }
    });
  }

  return { turns: allTurns, session: currentSession, inflight, pending, draft, setDraft, error, send };
}
