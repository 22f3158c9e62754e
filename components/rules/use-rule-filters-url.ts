"use client";

import { useState } from "react";
import { type RuleFilters, writeRuleFilters } from "./rule-filters";

/**
 * The table's filters, mirrored into the URL so a filtered view can be shared and survives a reload.
 * The page reads them from searchParams once; afterwards state is the truth and history.replaceState
 * keeps the URL in step (filtering is client-side: no server round trip, no history entry per key).
 */
export function useRuleFiltersUrl(initial: RuleFilters): [RuleFilters, (patch: Partial<RuleFilters>) => void] {
  const [filters, setFilters] = useState(initial);
  function update(patch: Partial<RuleFilters>) {
    const next = { ...filters, ...patch };
    setFilters(next);
    const query = writeRuleFilters(next).toString();
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
  }
  return [filters, update];
}
