"use client";

import {
  type ColumnDef,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type SortingState,
  type TableOptions,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import { type RuleFilters, ruleMatchesFilters } from "./rule-filters";

/**
 * The rules table's model (TanStack Table): the URL's filters are its global filter, the URL's sort
 * its sorting — priority in the chosen direction, then key ascending, so equal priorities keep one
 * order either way. A click on the Priority header goes back through `onSort` into the URL.
 */
export function useRulesTable(
  rules: BundleRule[],
  columns: ColumnDef<BundleRule>[],
  filters: RuleFilters,
  onSort: (sort: RuleFilters["sort"]) => void,
) {
  return useReactTable(rulesTableOptions(rules, columns, filters, onSort));
}

// One array per direction, so the sorting state keeps its identity between renders and TanStack's
// memoised sorted rows are only recomputed when the order really changes.
const SORTING: Record<RuleFilters["sort"], SortingState> = {
  desc: [
    { id: "priority", desc: true },
    { id: "rule", desc: false },
  ],
  asc: [
    { id: "priority", desc: false },
    { id: "rule", desc: false },
  ],
};

/** The table's options, apart from React (the model test builds the same table with table-core). */
export function rulesTableOptions(
  rules: BundleRule[],
  columns: ColumnDef<BundleRule>[],
  filters: RuleFilters,
  onSort: (sort: RuleFilters["sort"]) => void,
): TableOptions<BundleRule> {
  const sorting = SORTING[filters.sort];
  return {
    data: rules,
    columns,
    getRowId: (rule) => rule.key,
    state: { globalFilter: filters, sorting },
    globalFilterFn: (row, _columnId, value: RuleFilters) => ruleMatchesFilters(row.original, value),
    enableSortingRemoval: false,
    enableMultiSort: false,
    // No pagination: TanStack would otherwise reset the page index (a state change, so a render)
    // whenever the sorted rows are recomputed, and they are on every render that changes them.
    autoResetAll: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      onSort(next[0]?.desc === false ? "asc" : "desc");
    },
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
  };
}
