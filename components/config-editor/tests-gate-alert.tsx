"use client";

import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useOperatorRole } from "@/components/console/operator-role";
import { FailureText } from "@/components/conversation-tests/failure-text";
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

/**
 * A save the conversation-test gate refused: which cases turn red and why (expected beside the reply),
 * the tests in a new tab (the editor and its unsaved draft stay), and saving past the gate with a
 * reason: an admin's is a save, a designer's goes into draft only (production keeps its version).
 */
export function TestsGateAlert({ gate, saving }: TestsGateAlertProps) {
  const admin = useOperatorRole() === "admin";
  const verb = admin ? "Save anyway" : "Save into draft";
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
                <Link
                  href={testCaseHref(decodeURIComponent(key), c.key)}
                  target="_blank"
                  rel="noopener"
                  className="font-mono hover:underline"
                >
                  {c.key}
                </Link>
                {c.failures.length > 0 ? (
                  <ul className="mt-1 space-y-1 pl-3 text-muted-foreground" data-testid="tests-gate-failures">
                    {c.failures.map((failure) => (
                      <li key={failure}>
                        <FailureText text={failure} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            {/* A new tab: leaving the drawer would throw away the edit the gate just refused. */}
            <Link href={testsHref(decodeURIComponent(key))} target="_blank" rel="noopener">
              Open the tests in a new tab
            </Link>
          </Button>
          {!asking ? (
            <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(true)}>
              {verb}…
            </Button>
          ) : null}
        </div>
        {asking ? (
          <div className="space-y-1">
            <Label htmlFor="tests-gate-reason">Why save past the gate?</Label>
            {admin ? null : (
              <p className="text-muted-foreground text-xs" id="tests-gate-draft-note">
                The save becomes the draft; production keeps serving its version until someone promotes it.
              </p>
            )}
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
                {verb}
              </Button>
            </div>
            <FieldError id="tests-gate-reason-error" messages={error ? [error] : []} />
          </div>
        ) : null}
      </div>
    </Alert>
  );
}
