"use client";

import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useOperatorRole } from "@/components/console/operator-role";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { testCaseHref, testsHref } from "@/lib/conversation-tests/tests-href";
import type { TestsGate } from "./use-tests-gate";

interface TestsGateAlertProps {
  gate: TestsGate;
  /** The resend is under way. */
  saving: boolean;
}

/** A save the conversation-test gate refused: which cases turn red; for an admin, "Save anyway…" with a reason. */
export function TestsGateAlert({ gate, saving }: TestsGateAlertProps) {
  const admin = useOperatorRole() === "admin";
  // Every editor lives under /agents/{key}/…: the failing cases are on that agent's Tests page.
  const { key } = useParams<{ key: string }>();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Save sits at the foot of a long form and the alert at its head: bring the refusal into view.
  useEffect(() => {
    if (gate.refusal) box.current?.focus();
  }, [gate.refusal]);
  if (!gate.refusal) return null;

  function confirm() {
    if (reason.trim() === "") {
      setError("Say why this change may turn these tests red; the ledger keeps it with the cases.");
      return;
    }
    setError(null);
    gate.saveAnyway(reason.trim());
  }

  return (
    <Alert variant="warning" title="Conversation tests would turn red">
      <div ref={box} tabIndex={-1} data-testid="tests-gate-refusal" className="space-y-2 outline-none">
        <p>{gate.refusal}</p>
        {gate.red.length > 0 ? (
          <ul className="space-y-1 text-xs" data-testid="tests-gate-red-cases" aria-label="Tests this save turns red">
            {gate.red.map((c) => (
              <li key={c.key}>
                <Link href={testCaseHref(decodeURIComponent(key), c.key)} className="font-mono hover:underline">
                  {c.key}
                </Link>
                {c.failures.length > 0 ? (
                  <span className="text-muted-foreground"> — {c.failures.join("; ")}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <Link href={testsHref(decodeURIComponent(key))}>Open the tests</Link>
          </Button>
          {admin && !asking ? (
            <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(true)}>
              Save anyway…
            </Button>
          ) : null}
        </div>
        {admin && asking ? (
          <div className="space-y-1">
            <Label htmlFor="tests-gate-reason">Why save past the gate?</Label>
            <div className="flex gap-2">
              <Input
                id="tests-gate-reason"
                value={reason}
                autoFocus
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "tests-gate-reason-error" : undefined}
                onChange={(e) => setReason(e.target.value)}
                onKeyDown={(e) => {
                  // Inside the editor's form Enter would send a plain Save, which the gate refuses again.
                  if (e.key === "Enter") {
                    e.preventDefault();
                    confirm();
                  }
                }}
                placeholder="The refund limit changes on purpose; the cases follow tomorrow"
              />
              <Button type="button" size="sm" variant="destructive" pending={saving} onClick={confirm}>
                Save anyway
              </Button>
            </div>
            <FieldError id="tests-gate-reason-error" messages={error ? [error] : []} />
          </div>
        ) : null}
      </div>
    </Alert>
  );
}
