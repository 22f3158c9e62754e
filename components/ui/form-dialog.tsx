"use client";

import type { FormEvent, ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { TitledDialog, type TitledDialogProps } from "./titled-dialog";

interface FormDialogProps extends Omit<TitledDialogProps, "testId" | "title"> {
  title: string;
  /** The form's accessible name: the title unless told (a shorter one). */
  label?: string;
  /** The error the last submit left, shown above the fields (a form that lists problems shows its own). */
  message?: string | null;
  submitLabel: ReactNode;
  pending: boolean;
  submitDisabled?: boolean;
  /** Native validation off: errors show inline, styled and read with their field. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** A dialog holding one form: title, description, the last error, the fields, then Cancel and submit. */
export function FormDialog(props: FormDialogProps) {
  return (
    <TitledDialog {...props}>
      <form noValidate aria-label={props.label ?? props.title} className="space-y-3" onSubmit={props.onSubmit}>
        {props.message ? <Alert variant="danger">{props.message}</Alert> : null}
        {props.children}
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={props.pending} disabled={props.submitDisabled}>
            {props.submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
