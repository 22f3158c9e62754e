"use client";

import { useEffect, useState } from "react";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";

// 300 ms after the last keystroke a tester asks the server; the parse status answers sooner.
const TEST_DEBOUNCE_MS = 300;

/**
 * A tester's answer from the server for the sample typed (a value, a reply), sent as `input(sample)`:
 * none while the sample is blank, asked once typing settles, and an answer to an older sample is dropped
 * when a newer one is asked.
 */
export function useTesterResult<I, R>(
  sample: string,
  input: (sample: string) => I,
  check: (input: I) => Promise<R>,
): R | null {
  const blank = sample.trim() === "";
  const result = useSettledResult(blank ? null : input(sample), check);
  return blank ? null : result;
}

function useSettledResult<I, R>(input: I | null, check: (input: I) => Promise<R>): R | null {
  // The request as text: a new object each render would restart the debounce forever.
  const request = useDebouncedValue(JSON.stringify(input), TEST_DEBOUNCE_MS);
  const [result, setResult] = useState<R | null>(null);

  useEffect(() => {
    const settled = JSON.parse(request) as I | null;
    if (settled === null) return;
    let current = true;
    check(settled).then((next) => {
      if (current) setResult(next);
    });
    return () => {
      current = false;
    };
  }, [request, check]);

  return result;
}
