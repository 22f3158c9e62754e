import { createTable } from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import { BundleRule } from "@/lib/engine/contracts/bundle";
import { hasRuleFilters, NO_FILTERS, type RuleFilters, readRuleFilters, writeRuleFilters } from "./rule-filters";
import { ruleColumns } from "./rules-table-columns";
import { rulesTableOptions } from "./use-rules-table";

const base = { condition_text: "When asked", action_text: "Answer" };
const rules = [
  BundleRule.parse({
    ...base,
    key: "a-global",
    name: "No competitors",
    priority: 100,
    is_hard_constraint: true,
    enforcement_expression: "!x",
  }),
  BundleRule.parse({
    ...base,
    key: "b-refund",
    name: "Refund cap",
    scope: "SCENARIO",
    scope_ref: "refund",
    priority: 50,
  }),
  BundleRule.parse({
    ...base,
    key: "c-verify",
    name: "Verify owner",
    scope: "STEP",
    scope_ref: "refund/verify",
    priority: 50,
    enabled: false,
  }),
  BundleRule.parse({
    ...base,
    key: "d-polite",
    name: "Be polite",
    action_text: "Say sorry for the refund delay",
    is_hard_constraint: true,
    enforcement_lane: "subjective",
  }),
];
const columns = ruleColumns({ targetLabels: {}, toolNames: {}, handlers: null, onView: () => {}, pendingKey: null });

/** The rules table's model as the page builds it (TanStack Table, without React): the keys of its rows. */
function tableFor(filters: RuleFilters, onSort: (sort: RuleFilters["sort"]) => void = () => {}) {
  const options = rulesTableOptions(rules, columns, filters, onSort);
  const table = createTable({
    ...options,
    state: options.state ?? {},
    onStateChange: () => {},
    renderFallbackValue: null,
  });
  table.setOptions((prev) => ({ ...prev, state: { ...table.initialState, ...options.state } }));
  return table;
}
const shownRules = (filters: RuleFilters) =>
  tableFor(filters)
    .getRowModel()
    .rows.map((row) => row.original);
const keys = (list: BundleRule[]) => list.map((r) => r.key);

describe("rule filters", () => {
  it("sorts by priority, highest first, ties by key; asc on request", () => {
    expect(keys(shownRules(NO_FILTERS))).toEqual(["a-global", "b-refund", "c-verify", "d-polite"]);
    expect(keys(shownRules({ ...NO_FILTERS, sort: "asc" }))).toEqual(["d-polite", "b-refund", "c-verify", "a-global"]);
  });

  it("filters by scope, target (a scenario includes its steps), enabled, hard and lane", () => {
    const only = (patch: Partial<typeof NO_FILTERS>) => keys(shownRules({ ...NO_FILTERS, ...patch }));
    expect(only({ scope: "STEP" })).toEqual(["c-verify"]);
    expect(only({ target: "refund" })).toEqual(["b-refund", "c-verify"]);
    expect(only({ target: "refund/verify" })).toEqual(["c-verify"]);
    expect(only({ enabled: "off" })).toEqual(["c-verify"]);
    expect(only({ hard: "soft" })).toEqual(["b-refund", "c-verify"]);
    expect(only({ lane: "deterministic" })).toEqual(["a-global"]);
    expect(only({ lane: "subjective" })).toEqual(["d-polite"]);
  });

  it("searches name, condition and action, every word", () => {
    expect(keys(shownRules({ ...NO_FILTERS, q: "REFUND" }))).toEqual(["b-refund", "d-polite"]);
    expect(keys(shownRules({ ...NO_FILTERS, q: "refund delay" }))).toEqual(["d-polite"]);
  });

  it("a click on Priority flips the order through the URL's sort", () => {
    const sorts: string[] = [];
    const priority = (filters: RuleFilters) => tableFor(filters, (sort) => sorts.push(sort)).getColumn("priority");
    priority(NO_FILTERS)?.getToggleSortingHandler()?.({});
    priority({ ...NO_FILTERS, sort: "asc" })?.getToggleSortingHandler()?.({});
    expect(sorts).toEqual(["asc", "desc"]);
  });

  it("round-trips through the URL, dropping defaults and unknown values", () => {
    const filters = { ...NO_FILTERS, scope: "STEP" as const, q: "refund", sort: "asc" as const };
    expect(writeRuleFilters(filters).toString()).toBe("scope=STEP&q=refund&sort=asc");
    expect(readRuleFilters(writeRuleFilters(filters))).toEqual(filters);
    expect(readRuleFilters(new URLSearchParams("scope=NOPE&enabled=maybe"))).toEqual(NO_FILTERS);
    expect(hasRuleFilters({ ...NO_FILTERS, sort: "asc" })).toBe(false);
    expect(hasRuleFilters({ ...NO_FILTERS, hard: "hard" })).toBe(true);
  });
});
