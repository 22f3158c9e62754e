"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { slotted } from "./slotted";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
const DialogPortal = DialogPrimitive.Portal;

const DialogOverlay = slotted(
  DialogPrimitive.Overlay,
  "dialog-overlay",
  "fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in motion-reduce:animate-none",
);

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Show the top-right close (X) button. Esc and the overlay close the dialog either way. */
  showClose?: boolean;
};

export function DialogContent({ className, children, showClose = true, ...props }: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-popover p-5 text-popover-foreground shadow-xl data-[state=open]:animate-dialog-in motion-reduce:animate-none",
          className,
        )}
        {...props}
      >
        {children}
        {showClose ? (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = slotted("div", "dialog-header", "flex flex-col gap-1 pr-8");

export const DialogFooter = slotted("div", "dialog-footer", "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end");

export const DialogTitle = slotted(DialogPrimitive.Title, "dialog-title", "font-semibold text-base leading-6");

export const DialogDescription = slotted(
  DialogPrimitive.Description,
  "dialog-description",
  "text-muted-foreground text-sm",
);
