"use client";

import type { FormEvent, ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog";

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A control that opens the dialog; omitted where the opener lives elsewhere (a menu). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The form's accessible name (the dialog's title in words). */
  label: string;
  /** The error the last submit left, shown above the fields (a form that lists problems shows its own). */
  message?: string | null;
  submitLabel: ReactNode;
  pending: boolean;
  submitDisabled?: boolean;
  /** Native validation off: errors show inline, styled and read with their field. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}

/** A dialog holding one form: title, description, the last error, the fields, then Cancel and submit. */
export function FormDialog(props: FormDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? <DialogTrigger asChild>{props.trigger}</DialogTrigger> : null}
      <DialogContent className={props.className}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form noValidate aria-label={props.label} className="space-y-3" onSubmit={props.onSubmit}>
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
      </DialogContent>
    </Dialog>
  );
}
