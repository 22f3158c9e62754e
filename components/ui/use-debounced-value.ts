"use client";

import { useEffect, useState } from "react";

/** `value` once it has stopped changing for `ms`: live checks run on a pause in typing, not per key. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
