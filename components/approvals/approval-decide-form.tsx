"use client";

import { type FormEvent, useId, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { decideApprovalAction } from "@/lib/actions/approvals/decide-approval";
import { APPROVAL_REASON_MAX, type ApprovalDecisionBody, DecideApprovalInput } from "@/lib/approvals/approval-schemas";

type Decision = "approve" | "deny";

/**
 * The reason and the two decisions. Enter in the reason does nothing special (it is a text area);
 * Approve is the form's submit, Deny a second button, both reachable with Tab.
 */
export function ApprovalDecideForm({
  approvalId,
  onDecided,
  onGone,
}: {
  approvalId: string;
  onDecided: (result: ApprovalDecisionBody) => void;
  /** Decided by someone else or expired meanwhile: the list is out of date. */
  onGone: (message: string) => void;
}) {
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<Decision | null>(null);
  const [, startTransition] = useTransition();

  function decide(decision: Decision) {
    const input = { approval_id: approvalId, decision, reason };
    const checked = DecideApprovalInput.safeParse(input);
    if (!checked.success) {
      setErrors(checked.error.issues.map((issue) => issue.message));
      return;
    }
    setErrors([]);
    setMessage(null);
    setPending(decision);
    startTransition(async () => {
      const result = await decideApprovalAction(input);
      setPending(null);
      if (!result.ok && (result.code === "CONFLICT" || result.code === "GONE")) {
        onGone(result.message);
        return;
      }
      if (!result.ok) {
        setErrors(result.fieldErrors?.reason ?? []);
        setMessage(result.message);
        return;
      }
      onDecided(result.data);
    });
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    decide("approve");
  };

  return (
    <form noValidate aria-label="Decide" className="flex flex-col gap-2" onSubmit={submit}>
      {message ? <Alert variant="danger">{message}</Alert> : null}
      <Label htmlFor={reasonId}>Reason</Label>
      <Textarea
        id={reasonId}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={APPROVAL_REASON_MAX}
        rows={2}
        placeholder="Why, for the record: e.g. identity checked on the phone"
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errorId}
        data-testid="approval-reason"
      />
      <FieldError id={errorId} messages={errors} />
      <div className="flex gap-2">
        <Button type="submit" pending={pending === "approve"} disabled={pending !== null} data-testid="approve">
          Approve
        </Button>
        <Button
          type="button"
          variant="outline"
          pending={pending === "deny"}
          disabled={pending !== null}
          onClick={() => decide("deny")}
          data-testid="deny"
        >
          Deny
        </Button>
      </div>
    </form>
  );
}
