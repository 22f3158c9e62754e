"use client";

import { useEffect, useState } from "react";

/** The time, re-read every `everyMs`: waiting clocks tick without a server round trip. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
