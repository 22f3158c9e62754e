"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useFormProblems } from "@/components/ui/use-form-problems";
import type { ApiAnswer } from "@/lib/console-api/request-json";

interface SubmitOptions<T> {
  /** What a success does; closing the dialog and reloading the page when omitted. */
  onDone?: (body: T) => void;
  onRefused?: () => void;
  /** The field an issue's path is shown under (`events[2]` under `events`); the path itself when omitted. */
  fieldOf?: (path: string) => string;
  /** The message above a form whose fields carry the refusal's issues; null shows them only by their fields. */
  issuesMessage?: string | null;
}

/**
 * A dialog whose form calls the console's REST API: its open state, the request's pending state, and the
 * refusal's issues by field (cleared when it closes).
 */
export function useApiFormDialog() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const { errors, message, setErrors, setMessage, clear } = useFormProblems();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) clear();
  }

  function submit<T>(call: () => Promise<ApiAnswer<T>>, options: SubmitOptions<T> = {}) {
    const { fieldOf = (path: string) => path, issuesMessage = "Check the fields marked below." } = options;
    startTransition(async () => {
      const answer = await call();
      if (answer.ok) {
        clear();
        if (options.onDone) options.onDone(answer.body);
        else {
          setOpen(false);
          router.refresh();
        }
        return;
      }
      options.onRefused?.();
      const byField: Record<string, string[]> = {};
      for (const issue of answer.issues) {
        const field = fieldOf(issue.path);
        byField[field] = [...(byField[field] ?? []), issue.message];
      }
      setErrors(byField);
      setMessage(answer.issues.length > 0 ? issuesMessage : answer.message);
    });
  }

  return { open, onOpenChange, pending, errors, message, submit, router };
}
