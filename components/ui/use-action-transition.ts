"use client";

import { useTransition } from "react";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console-api/action-result";

/**
 * A button's server action run in a transition (`pending` while it runs): a refusal is shown as a toast
 * (then `onRefused`, e.g. a refresh to show why), the data of a success goes to `onDone`.
 */
export function useActionTransition() {
  const [pending, start] = useTransition();
  const run = <T>(call: () => Promise<ActionResult<T>>, onDone: (data: T) => void, onRefused?: () => void) =>
    start(async () => {
      const result = await call();
      if (result.ok) return onDone(result.data);
      toast.error(result.message);
      onRefused?.();
    });
  return { pending, run };
}
