"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { useFormProblems } from "@/components/ui/use-form-problems";
import { overrideLoopGuardrailsAction } from "@/lib/actions/loops/override-loop-guardrails";
import { type LoopView, score2 } from "@/lib/loops/loop-view";

// Override… (operator+) opens a dialog with the two checkboxes and a required reason. The guardrail
// that stopped the loop is pre-checked; bias echo cannot be lifted (there is no flag for it).

type Blocking = Pick<
  LoopView,
  | "loopId"
  | "rerunCount"
  | "maxReruns"
  | "reflectionFatigue"
  | "fatigueLimit"
  | "biasEcho"
  | "overrideFatigue"
  | "overrideMaxReruns"
  | "kind"
>;

export function OverrideDialog({ loop }: { loop: Blocking }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const { errors, message, setErrors, setMessage, refused, clear } = useFormProblems();
  const limitReached = loop.rerunCount >= loop.maxReruns;
  const fatigued = loop.reflectionFatigue >= loop.fatigueLimit;
  const turnLoop = loop.kind === "turn";

  function onSubmit(form: FormData) {
    const input = {
      loop_id: loop.loopId,
      override_fatigue: form.get("override_fatigue") === "on",
      override_max_reruns: form.get("override_max_reruns") === "on",
      override_reason: String(form.get("override_reason") ?? ""),
    };
    // The same words as the server's check, inline: the browser's own "fill out this field" bubble
    // is neither styled nor read with the field.
    if (input.override_reason.trim() === "") {
      setErrors({ override_reason: ["Say why the guardrail may be lifted: the ledger keeps it with your name."] });
      setMessage(null);
      document.getElementById("override-reason")?.focus();
      return;
    }
    startTransition(async () => {
      const result = await overrideLoopGuardrailsAction(input);
      if (result.ok) {
        toast.success(
          turnLoop
            ? `Override recorded for ${loop.loopId}, on the loop and in the ledger.`
            : result.data.force_finalize
              ? `Override recorded for ${loop.loopId}; another guardrail still stops it.`
              : `Override recorded: ${loop.loopId} continues at its next completion.`,
        );
        setOpen(false);
        router.refresh();
      } else {
        refused(result);
      }
    });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) clear();
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button data-testid="override-button">Override…</Button>}
      title={`Override guardrails of ${loop.loopId}`}
      description={
        turnLoop
          ? "This turn's reply has already been sent: the override records that a person overruled the guardrail that stopped its regeneration, shown on the loop and kept in the ledger with your name and reason."
          : "The next completion of this loop ignores the guardrails you lift. Recorded in the ledger with your name and reason."
      }
      message={message}
      submitLabel="Override guardrails"
      pending={pending}
      onSubmit={submitKeepingValues(onSubmit)}
    >
      {loop.biasEcho ? (
        <Alert variant="warning" title="Bias echo is not overridable">
          This loop halted on a repeated bias tag (halt_loop); lifting fatigue or the rerun limit will not restart it.
        </Alert>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Guardrails to lift</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="override_fatigue" defaultChecked={fatigued || loop.overrideFatigue} />
          Override fatigue
          <span className="font-mono text-muted-foreground text-xs">
            {score2(loop.reflectionFatigue)} / {score2(loop.fatigueLimit)}
          </span>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="override_max_reruns" defaultChecked={limitReached || loop.overrideMaxReruns} />
          Override max reruns
          <span className="font-mono text-muted-foreground text-xs">
            {loop.rerunCount} / {loop.maxReruns}
          </span>
        </label>
        <FieldError messages={errors.override_fatigue} />
      </fieldset>
      <FormField
        label="Reason"
        htmlFor="override-reason"
        required
        errors={errors.override_reason}
        hint="Why the guardrail may be lifted; shown on the loop and in the ledger."
      >
        <Textarea
          id="override-reason"
          name="override_reason"
          required
          maxLength={1000}
          // "Say why…" is about an empty reason: once one is typed it no longer applies.
          onChange={() => {
            if (errors.override_reason) setErrors(({ override_reason: _, ...rest }) => rest);
          }}
        />
      </FormField>
    </FormDialog>
  );
}
