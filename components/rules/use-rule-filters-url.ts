"use client";

import { useState } from "react";
import { type RuleFilters, writeRuleFilters } from "./rule-filters";

const FILTER_PARAMS = ["scope", "target", "enabled", "hard", "lane", "q", "sort"];

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
    // Other parameters (the open editor's `rule`) stay as they are.
    const url = new URL(window.location.href);
    for (const name of FILTER_PARAMS) url.searchParams.delete(name);
    for (const [name, value] of writeRuleFilters(next)) url.searchParams.set(name, value);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
  }
  return [filters, update];
}
