"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { ShownOnceStep } from "@/components/ui/shown-once-value";
import { submitKeepingValues } from "@/components/ui/submit-keeping-values";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { useFormProblems } from "@/components/ui/use-form-problems";
import type { ActionResult } from "@/lib/console-api/action-result";

type FieldErrors = Record<string, string[]>;

interface CreateKeyDialogProps<Sent, Created extends { key: string }> {
  /** What it creates, e.g. “Create API key”: the trigger's words, the form's title and its accessible name. */
  title: string;
  /** The form's description (how a client sends the key). */
  description: string;
  triggerDisabled?: boolean;
  /** The created key's copy button label and the test id of its text. */
  secretLabel: string;
  secretTestId: string;
  /** What the form holds, read from its fields. */
  read: (form: FormData) => Sent;
  /** The action, answering with the created key. */
  create: (sent: Sent) => Promise<ActionResult<Created>>;
  /** The name the created key is shown under in the copy step. */
  nameOf: (created: Created) => string;
  /** The kind's own fields, given what was sent before a refusal (to type again) and its field errors. */
  fields: (draft: Sent | null, errors: FieldErrors) => ReactNode;
}

/**
 * A dialog that creates a key and shows its secret once: the form with its kind's fields, the refusal's
 * message and field errors (the form keeps what was typed), then the key with its copy button and Done.
 */
export function CreateKeyDialog<Sent, Created extends { key: string }>(props: CreateKeyDialogProps<Sent, Created>) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const { errors, message, refused, clear } = useFormProblems();
  const [created, setCreated] = useState<{ key: string; shownAs: string } | null>(null);
  // What was sent, so a refused form comes back as it was typed (React resets a form after its action).
  const [draft, setDraft] = useState<Sent | null>(null);

  function onSubmit(form: FormData) {
    const sent = props.read(form);
    startTransition(async () => {
      const result = await props.create(sent);
      setDraft(result.ok ? null : sent);
      if (result.ok) {
        setCreated({ key: result.data.key, shownAs: props.nameOf(result.data) });
        clear();
        router.refresh();
      } else {
        refused(result);
      }
    });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setCreated(null);
      setDraft(null);
      clear();
    }
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button disabled={props.triggerDisabled}>{props.title}</Button>}
      title={created ? "Copy the key now" : props.title}
      description={
        created
          ? `This is the only time “${created.shownAs}” is shown. Focal keeps only its SHA-256 hash.`
          : props.description
      }
    >
      {created ? (
        <ShownOnceStep
          value={created.key}
          label={props.secretLabel}
          testId={props.secretTestId}
          onDone={() => onOpenChange(false)}
        />
      ) : (
        <form onSubmit={submitKeepingValues(onSubmit)} className="space-y-4" aria-label={props.title}>
          {message ? <Alert variant="danger">{message}</Alert> : null}
          {props.fields(draft, errors)}
          <DialogFooter>
            <Button type="submit" pending={pending}>
              Create key
            </Button>
          </DialogFooter>
        </form>
      )}
    </TitledDialog>
  );
}
