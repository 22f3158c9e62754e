"use client";

import { useRouter } from "next/navigation";
import { startTransition, useRef, useState, useTransition } from "react";
import { startSandboxSessionAction } from "@/lib/actions/sandbox/start-sandbox-session";
import { type ErrorEventBody, readTurnStream, type TurnEventBody } from "@/lib/turns/turn-stream";
import { type SessionView, TurnMessage, type TurnView } from "@/lib/turns/turn-view";
import type { SandboxError } from "./action-error";
import type { LiveTurn } from "./live-timeline";
import { sandboxHref } from "./sandbox-format";

/**
 * The composer's send: validate, show the message at once with a "thinking…" reply, start a session
 * first when there is none, then run the turn over the REST route's event stream: each stage lands in
 * the side panel as it completes, and the reply arrives once, after enforcement passed it and the turn
 * is stored. Then the page re-renders from the server; the streamed turn stays on screen until that
 * render includes it, so nothing blinks out in between.
 */
export function useSendTurn(agentKey: string, session: SessionView | null, turns: TurnView[]) {
  const router = useRouter();
  const [pending, startSend] = useTransition();
  const [live, setLive] = useState<LiveTurn | null>(null);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<SandboxError | null>(null);
  const startedSession = useRef<string | null>(null);

  const known = new Set(turns.map((t) => t.id));
  // The streamed turn shows until the server render has it.
  const shownLive = live && !(live.final && known.has(live.final.turn_id)) ? live : null;
  const inflight = shownLive?.message ?? null;

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
      setLive(null);
      setError({ code: result.code, message: result.message, fieldErrors: result.fieldErrors });
      // Give the text back unless the operator has started typing the next message.
      setDraft((current) => (current === "" ? text : current));
    };
    // Outside the transition: an async action's own updates would only show once it ends.
    setLive({ message: parsed.data, stages: [], final: null });
    startSend(async () => {
      try {
        // A session this page started for an earlier, failed message is reused, not started again.
        let sessionId = session?.id ?? startedSession.current;
        if (!sessionId) {
          const started = await startSandboxSessionAction({ agentKey });
          if (!started.ok) return fail(started);
          sessionId = started.data.id;
          startedSession.current = sessionId;
        }
        const response = await fetch(`/api/v1/sessions/${encodeURIComponent(sessionId)}/turns`, {
          method: "POST",
          headers: { accept: "text/event-stream", "content-type": "application/json" },
          body: JSON.stringify({ message: text }),
        });
        if (!response.ok || !response.body) {
          const body = (await response.json().catch(() => null)) as Omit<ErrorEventBody, "status"> | null;
          return fail(errorOf(body));
        }
        let final: TurnEventBody | null = null;
        let failure: ErrorEventBody | null = null;
        await readTurnStream(response.body, (event) => {
          if (event.event === "stage") {
            const stage = event.data;
            setLive((current) => (current ? { ...current, stages: [...current.stages, stage] } : current));
          } else if (event.event === "turn") {
            final = event.data;
          } else {
            failure = event.data;
          }
        });
        if (failure) return fail(errorOf(failure));
        const stored: TurnEventBody | null = final;
        if (!stored) {
          return fail({
            code: "NETWORK",
            message: "The turn's stream ended early; reload to see whether it was stored.",
          });
        }
        setLive((current) => (current ? { ...current, final: stored } : current));
        // Without ?turn the side panel follows the newest turn; the server render brings the stored turn.
        startTransition(() => {
          router.replace(sandboxHref(agentKey, { session: sessionId }), { scroll: false });
        });
      } catch {
        fail({ code: "NETWORK", message: "Could not reach the Focal server." });
      }
    });
  }

  return { turns, session, inflight, live: shownLive, pending, draft, setDraft, error, send };
}

/** The REST error body (JSON or the stream's error event) as the sandbox shows errors. */
function errorOf(body: Omit<ErrorEventBody, "status"> | null): SandboxError {
  if (!body?.error) return { code: "NETWORK", message: "The server answered without a turn; send again." };
  const issues = Array.isArray(body.errors) ? (body.errors as { path?: string; message?: string }[]) : [];
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    if (!issue.message) continue;
    const field = (issue.path ?? "").split(/[.[]/)[0] || "message";
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
  }
  return {
    code: body.error.code,
    message: body.error.message,
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
  };
}
