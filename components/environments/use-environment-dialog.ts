"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toaster";
import { useFormProblems } from "@/components/ui/use-form-problems";
import type { ActionResult } from "@/lib/console-api/action-result";

/**
 * An environment dialog's form: open, its action pending, the refusal's errors and message (cleared on
 * closing); a success says what it did, closes the dialog and reloads the page.
 */
export function useEnvironmentDialog(onOpen?: () => void) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const { errors, message, refused, clear } = useFormProblems();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) clear();
    if (next) onOpen?.();
  }

  function run<T>(call: () => Promise<ActionResult<T>>, done: (data: T) => string) {
    startTransition(async () => {
      const result = await call();
      if (!result.ok) return refused(result);
      toast.success(done(result.data));
      setOpen(false);
      router.refresh();
    });
  }

  return { open, onOpenChange, pending, errors, message, run };
}
