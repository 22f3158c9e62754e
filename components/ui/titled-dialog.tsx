"use client";

import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "./dialog";

export interface TitledDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A control that opens the dialog; omitted where the opener lives elsewhere (a menu). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A dialog with its title and description above what it holds (a form, a confirmation, a result). */
export function TitledDialog(props: TitledDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? <DialogTrigger asChild>{props.trigger}</DialogTrigger> : null}
      <DialogContent className={props.className} data-testid={props.testId}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.children}
      </DialogContent>
    </Dialog>
  );
}
