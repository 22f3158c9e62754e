import type { BundleTestCase } from "@/lib/engine/contracts/test-case";

// The Tests page's list: cases filtered by suite and tag (both in the URL), grouped by suite.

export interface CaseFilters {
  suite: string | null;
  tag: string | null;
}

export function readCaseFilters(query: URLSearchParams): CaseFilters {
  return { suite: query.get("suite") || null, tag: query.get("tag") || null };
}

export function filterCases(cases: BundleTestCase[], filters: CaseFilters): BundleTestCase[] {
  return cases.filter(
    (c) => (!filters.suite || c.suite === filters.suite) && (!filters.tag || c.tags.includes(filters.tag)),
  );
}

/** Suites in name order, each with its cases in key order. */
export function groupBySuite(cases: BundleTestCase[]): { suite: string; cases: BundleTestCase[] }[] {
  const groups = new Map<string, BundleTestCase[]>();
  for (const c of cases) groups.set(c.suite, [...(groups.get(c.suite) ?? []), c]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([suite, list]) => ({ suite, cases: [...list].sort((a, b) => a.key.localeCompare(b.key)) }));
}

/** Every suite and tag in use, sorted, for the filter pickers. */
export function suitesAndTags(cases: BundleTestCase[]): { suites: string[]; tags: string[] } {
  return {
    suites: [...new Set(cases.map((c) => c.suite))].sort(),
    tags: [...new Set(cases.flatMap((c) => c.tags))].sort(),
  };
}
