"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { Label } from "@/components/ui/label";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { Textarea } from "@/components/ui/textarea";
import { addInternalNoteAction } from "@/lib/actions/handoffs/add-internal-note";
import { sendOperatorReplyAction } from "@/lib/actions/handoffs/send-operator-reply";
import type { ReplyViolation } from "@/lib/handoffs/inbox-schemas";

/** The stop in an operator's words: they know the agent's rules by name, not the engine's lanes. */
function stoppedTitle(violations: ReplyViolation[]): string {
  const [only] = violations;
  if (violations.length === 1 && only) return `A hard rule stopped this reply: ${only.rule_name}`;
  return `${violations.length} hard rules stopped this reply`;
}

/**
 * The operator's reply (checked by the agent's lane 1 first: a rule that fires shows here, and "Send
 * anyway" needs a reason, kept in the ledger) and internal notes (never sent). Ctrl/⌘+Enter sends.
 */
export function ReplyBox({ sessionId, disabledReason }: { sessionId: string; disabledReason: string | null }) {
  const router = useRouter();
  const ids = { text: useId(), problem: useId() };
  const [text, setText] = useState("");
  const [violations, setViolations] = useState<ReplyViolation[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // What the last send or note did, said beside the buttons: a toast over a phone's reply box covered them.
  const [done, setDone] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const disabled = disabledReason !== null;

  function reset() {
    setText("");
    setViolations([]);
    setProblem(null);
  }

  function send(overrideReason?: string) {
    start(async () => {
      const result = await sendOperatorReplyAction({
        session_id: sessionId,
        text,
        ...(overrideReason !== undefined ? { override_reason: overrideReason } : {}),
      });
      if (!result.ok) {
        setProblem(result.fieldErrors?.override_reason?.[0] ?? result.fieldErrors?.text?.[0] ?? result.message);
        return;
      }
      if (!result.data.sent) {
        setViolations(result.data.violations);
        setProblem(null);
        return;
      }
      reset();
      setDone(overrideReason !== undefined ? "Sent; the override is in the ledger" : "Sent to the customer");
    });
  }

  function addNote() {
    start(async () => {
      const result = await addInternalNoteAction({ session_id: sessionId, text });
      if (!result.ok) {
        setProblem(result.fieldErrors?.text?.[0] ?? result.message);
        return;
      }
      reset();
      setDone("Note added (operators only)");
      router.refresh();
    });
  }

  return (
    <form
      className="flex flex-col gap-2 border-border border-t p-3"
      aria-label="Reply"
      onSubmit={submitWithoutReload(() => {
        if (violations.length === 0) send();
      })}
    >
      <Label htmlFor={ids.text} className="sr-only">
        Reply to the customer, or an internal note
      </Label>
      <Textarea
        id={ids.text}
        data-testid="reply-text"
        value={text}
        disabled={disabled || pending}
        placeholder={disabledReason ?? "Reply to the customer… (Ctrl+Enter sends)"}
        aria-describedby={problem ? ids.problem : undefined}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setDone(null);
          // A changed reply is checked again from scratch.
          if (violations.length > 0) setViolations([]);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && violations.length === 0) {
            event.preventDefault();
            if (text.trim()) send();
          }
        }}
        className="min-h-16"
      />
      <FieldError id={ids.problem} messages={problem ? [problem] : undefined} />
      {violations.length > 0 ? (
        <StoppedReply violations={violations} pending={pending} onSendAnyway={(reason) => send(reason)} />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="submit"
          pending={pending}
          disabled={disabled || !text.trim() || violations.length > 0}
          title={disabledReason ?? undefined}
          data-testid="send-reply"
        >
          Send reply
        </Button>
        <Button
          type="button"
          variant="outline"
          pending={pending}
          disabled={disabled || !text.trim()}
          title={disabledReason ?? "Operators see it; the customer never does"}
          data-testid="add-note"
          onClick={addNote}
        >
          Add internal note
        </Button>
        <span role="status" className="text-muted-foreground text-xs" data-testid="reply-status">
          {done}
        </span>
        <span className="ml-auto whitespace-nowrap text-muted-foreground text-xs max-lg:hidden">
          <Kbd>Ctrl</Kbd> <Kbd>Enter</Kbd> sends
        </span>
      </div>
    </form>
  );
}

/** The hard rules that stopped the reply, and "Send anyway" once a reason is given (kept in the ledger). */
function StoppedReply({
  violations,
  pending,
  onSendAnyway,
}: {
  violations: ReplyViolation[];
  pending: boolean;
  onSendAnyway: (reason: string) => void;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState("");
  return (
    <Alert variant="warning" title={stoppedTitle(violations)} className="text-sm">
      <ul className="mb-2 list-disc pl-5" data-testid="reply-violations">
        {violations.map((v) => (
          <li key={v.rule_key}>
            <span className="font-medium">{v.rule_name}</span> (<code>{v.rule_key}</code>): {v.detail}
          </li>
        ))}
      </ul>
      <p className="mb-2">Edit the reply, or send it anyway with the reason (kept in the ledger).</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <Label htmlFor={reasonId}>Reason to send anyway</Label>
          <Input
            id={reasonId}
            data-testid="override-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="destructive"
          pending={pending}
          disabled={!reason.trim()}
          title={reason.trim() ? undefined : "Give the reason first"}
          data-testid="send-anyway"
          onClick={() => onSendAnyway(reason)}
        >
          Send anyway
        </Button>
      </div>
    </Alert>
  );
}
