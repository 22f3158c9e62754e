"use client";

import { PanelRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { TranscriptMessage } from "@/lib/handoffs/handoff-schemas";
import type { InternalNote } from "@/lib/handoffs/inbox-schemas";
import { formatUtc } from "../sandbox/sandbox-format";

type Line =
  | { at: string; message: TranscriptMessage; note?: never }
  | { at: string; note: InternalNote; message?: never };

const SPEAKERS = { customer: "Customer", agent: "Agent", operator: "Operator", system: "" } as const;

/**
 * The conversation as the customer had it, with operators' internal notes between the lines (marked,
 * never sent). An agent line opens its turn's trace.
 */
export function ConversationLines({
  messages,
  notes,
  tracedTurnId,
  onTrace,
}: {
  messages: TranscriptMessage[];
  notes: InternalNote[];
  tracedTurnId: string | null;
  onTrace: (turnId: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const lines: Line[] = [
    ...messages.map((message) => ({ at: message.created_at, message })),
    ...notes.map((note) => ({ at: note.created_at, note })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const count = lines.length;
  // Keep the newest line in view as lines arrive (a DOM sync, not derived state).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count is the trigger
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [count]);
  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Conversation"
      className="relative min-h-0 flex-1 overflow-y-auto px-3 py-3"
    >
      <ol className="flex flex-col gap-2" data-testid="inbox-conversation">
        {lines.map((line) =>
          line.note ? (
            <li
              key={line.note.id}
              data-testid="internal-note"
              className="rounded-md border border-warning-border border-dashed bg-warning-bg/40 px-3 py-2 text-sm"
            >
              <div className="mb-0.5 text-muted-foreground text-xs">
                Internal note · {line.note.actor} · {formatUtc(line.note.created_at)} · not sent to the customer
              </div>
              <p className="whitespace-pre-wrap break-words">{line.note.text}</p>
            </li>
          ) : (
            <MessageLine
              key={line.message.id}
              message={line.message}
              traced={line.message.turn_id !== null && line.message.turn_id === tracedTurnId}
              onTrace={onTrace}
            />
          ),
        )}
      </ol>
    </div>
  );
}

function MessageLine({
  message,
  traced,
  onTrace,
}: {
  message: TranscriptMessage;
  traced: boolean;
  onTrace: (turnId: string) => void;
}) {
  if (message.kind === "system") {
    return (
      <li data-testid="system-line" className="text-center text-muted-foreground text-xs">
        {message.text} · {formatUtc(message.created_at)}
      </li>
    );
  }
  const customer = message.kind === "customer";
  return (
    <li data-testid={`${message.kind}-line`} className={cn("flex", customer ? "justify-start" : "justify-end")}>
      <article
        className={cn(
          "max-w-[85%] rounded-lg border px-3 py-2 text-sm",
          customer ? "border-border bg-muted" : "border-border bg-card",
          message.kind === "operator" && "border-info-border",
          traced && "ring-1 ring-ring/40",
        )}
      >
        <header className="mb-0.5 flex items-center gap-2 text-muted-foreground text-xs">
          <span className="font-medium text-foreground">
            {message.kind === "operator" && message.actor ? message.actor : SPEAKERS[message.kind]}
          </span>
          <span>{formatUtc(message.created_at)}</span>
          {message.kind === "agent" && message.turn_id ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-pressed={traced}
              onClick={() => message.turn_id && onTrace(message.turn_id)}
              className="-my-1 ml-auto h-6 px-1.5"
              data-testid="open-trace"
            >
              <PanelRight aria-hidden="true" />
              Trace
            </Button>
          ) : null}
        </header>
        <p className="whitespace-pre-wrap break-words">{message.text}</p>
      </article>
    </li>
  );
}
