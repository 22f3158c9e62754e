"use client";

import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/console-api/action-result";

/**
 * A server action run on demand whose answer the component shows in place (a verdict, a report): the
 * last data, or the refusal's message; a new run clears the old message first.
 */
export function useActionResult<T>(call: () => Promise<ActionResult<T>>) {
  const [pending, startTransition] = useTransition();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  function run() {
    startTransition(async () => {
      setError(null);
      const result = await call();
      if (result.ok) setData(result.data);
      else setError(result.message);
    });
  }

  return { pending, data, error, run };
}
