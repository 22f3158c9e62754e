"use client";

import { useEffect, useState } from "react";

/**
 * The time, re-read every `everyMs`: waiting clocks tick without a server round trip. The first render
 * uses `renderedAt`, the server's clock when it rendered the page, so the browser's hydration prints
 * the same waits as the server's HTML (the browser's own clock, read a moment later, printed "3 min 06 s"
 * over the server's "3 min 05 s": React error 418); the browser's clock takes over right after.
 */
export function useNow(renderedAt: number, everyMs = 1000): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
