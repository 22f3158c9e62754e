"use client";

import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { NativeSelect } from "@/components/ui/select";
import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";
import { plural } from "@/lib/text/plural";
import { hasRuleFilters, NO_FILTERS, type RuleFilters } from "./rule-filters";
import { StepOptionGroups } from "./step-option-groups";

interface RulesToolbarProps {
  filters: RuleFilters;
  onFilters: (patch: Partial<RuleFilters>) => void;
  targets: Pick<RulesWorkspaceData, "scenarios" | "steps">;
  shown: number;
  total: number;
}

export function RulesToolbar({ filters, onFilters, targets, shown, total }: RulesToolbarProps) {
  const filtered = hasRuleFilters(filters);
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label="Filter rules">
      <div className="relative min-w-60 flex-1">
        <Search
          aria-hidden="true"
          className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          data-search=""
          type="search"
          aria-label="Search rules"
          placeholder="Search name, condition, action"
          value={filters.q}
          onChange={(event) => onFilters({ q: event.target.value })}
          className="pr-8 pl-8"
        />
        <Kbd className="absolute top-1/2 right-2 -translate-y-1/2">/</Kbd>
      </div>
      <ChoiceFilter label="Scope" name="scope" filters={filters} onFilters={onFilters} />
      <Filter label="Scope target" value={filters.target} onChange={(target) => onFilters({ target })}>
        <option value="">Any target</option>
        {targets.scenarios.map((scenario) => (
          <option key={scenario.ref} value={scenario.ref}>
            {scenario.label} (and its steps)
          </option>
        ))}
        <StepOptionGroups groups={targets.steps} groupLabel={(scenario) => `${scenario} steps`} />
      </Filter>
      <ChoiceFilter label="Enabled" name="enabled" filters={filters} onFilters={onFilters} />
      <ChoiceFilter label="Hard constraint" name="hard" filters={filters} onFilters={onFilters} />
      <ChoiceFilter label="Lane" name="lane" filters={filters} onFilters={onFilters} />
      {filtered ? (
        <Button type="button" variant="ghost" onClick={() => onFilters({ ...NO_FILTERS, sort: filters.sort })}>
          Clear
        </Button>
      ) : null}
      <span className="ml-auto text-muted-foreground text-xs tabular-nums" aria-live="polite">
        {shown === total ? plural(total, "rule") : `${shown} of ${plural(total, "rule")}`}
      </span>
    </search>
  );
}

/** The fixed choices of the toolbar's filters, the first (empty value) filtering nothing. */
const CHOICES = {
  scope: [
    ["", "Any scope"],
    ["GLOBAL", "GLOBAL"],
    ["SCENARIO", "SCENARIO"],
    ["STEP", "STEP"],
  ],
  enabled: [
    ["", "Enabled or not"],
    ["on", "Enabled"],
    ["off", "Disabled"],
  ],
  hard: [
    ["", "Hard or guidance"],
    ["hard", "Hard constraints"],
    ["soft", "Guidance only"],
  ],
  lane: [
    ["", "Any lane"],
    ["deterministic", "Lane 1 · CEL"],
    ["subjective", "Lane 2 · judge"],
  ],
} as const satisfies { [K in keyof RuleFilters]?: readonly (readonly [RuleFilters[K], string])[] };

/** One filter with fixed choices. */
function ChoiceFilter({
  label,
  name,
  filters,
  onFilters,
}: {
  label: string;
  name: keyof typeof CHOICES;
  filters: RuleFilters;
  onFilters: (patch: Partial<RuleFilters>) => void;
}) {
  return (
    <Filter label={label} value={filters[name]} onChange={(value) => onFilters({ [name]: value })}>
      {CHOICES[name].map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </Filter>
  );
}

function Filter({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="w-auto"
    >
      {children}
    </NativeSelect>
  );
}
