"use client";

import { SendHorizontal } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Kbd } from "@/components/ui/kbd";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { Textarea } from "@/components/ui/textarea";
import { MAX_MESSAGE_CHARS } from "@/lib/turns/turn-view";
import { ActionError } from "./action-error";
import type { useSendTurn } from "./use-send-turn";

// The counter appears from 80 % of the limit: early enough to trim, quiet for ordinary messages.
const COUNTER_FROM = Math.round(MAX_MESSAGE_CHARS * 0.8);

interface ComposerProps {
  /** The chat's draft, its send and the send's state (use-send-turn.ts). */
  chat: Pick<ReturnType<typeof useSendTurn>, "draft" | "setDraft" | "send" | "pending" | "error">;
  signInHref: string;
}

export function Composer({ chat, signInHref }: ComposerProps) {
  const { draft, setDraft: onDraftChange, send: onSend, pending, error } = chat;
  const length = draft.length;
  const over = length > MAX_MESSAGE_CHARS;
  const blank = draft.trim() === "";

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter is a newline; never send in the middle of an IME composition.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!blank) onSend();
  }

  return (
    <form aria-label="Send a message" className="flex flex-col gap-2" onSubmit={submitWithoutReload(onSend)}>
      {error ? <ActionError error={error} signInHref={signInHref} /> : null}
      <label htmlFor="sandbox-message" className="sr-only">
        Message
      </label>
      <Textarea
        id="sandbox-message"
        data-testid="sandbox-input"
        value={draft}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Write as the customer would…"
        rows={2}
        aria-invalid={over || error?.code === "VALIDATION" || undefined}
        aria-describedby="sandbox-message-help"
        className="max-h-48 min-h-16 resize-none"
      />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p
          id="sandbox-message-help"
          className="flex items-center gap-1 whitespace-nowrap text-muted-foreground text-xs max-md:hidden pointer-coarse:hidden"
        >
          <Kbd>Enter</Kbd> sends · <Kbd>Shift</Kbd>+<Kbd>Enter</Kbd> new line
        </p>
        <div className="ml-auto flex items-center gap-3">
          {length >= COUNTER_FROM ? (
            <span
              aria-live="polite"
              className={cn(
                "font-mono text-xs tabular-nums",
                over ? "font-medium text-danger" : "text-muted-foreground",
              )}
            >
              {length.toLocaleString("en-US")} / {MAX_MESSAGE_CHARS.toLocaleString("en-US")}
              {over ? " — too long" : ""}
            </span>
          ) : null}
          <Button type="submit" data-testid="sandbox-send" pending={pending} disabled={blank}>
            {pending ? null : <SendHorizontal aria-hidden="true" />}
            Send
          </Button>
        </div>
      </div>
    </form>
  );
}
