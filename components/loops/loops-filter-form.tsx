import { FilterDate } from "@/components/ui/filter-date";
import { FilterRow } from "@/components/ui/filter-row";
import { FilterSelect } from "@/components/ui/filter-select";
import { hasFilters, type LoopSearch } from "@/lib/loops/loop-filters";

// The filters land in the URL, so a filtered view can be bookmarked and shared; they apply as they change.

function YesNo({ id, label, value, yes, no }: { id: string; label: string; value?: string; yes: string; no: string }) {
  const options = [
    { value: "yes", label: yes },
    { value: "no", label: no },
  ];
  return <FilterSelect name={id} label={label} value={value} anyLabel="Any" options={options} />;
}

const KINDS = [
  { value: "external", label: "external (orchestrator)" },
  { value: "turn", label: "turn (regeneration)" },
];

export function LoopsFilterForm({ search, agents }: { search: LoopSearch; agents: { key: string; name: string }[] }) {
  return (
    <FilterRow action="/loops" label="Filter loops" filtered={hasFilters(search)}>
      <FilterSelect name="kind" label="Kind" value={search.kind} anyLabel="All kinds" options={KINDS} />
      <FilterSelect
        name="agent"
        label="Agent"
        value={search.agent}
        anyLabel="All agents"
        options={agents.map((agent) => ({ value: agent.key, label: agent.name }))}
      />
      <YesNo id="ff" label="Force-finalized" value={search.ff} yes="force-finalized" no="not forced" />
      <YesNo id="echo" label="Bias echo" value={search.echo} yes="bias echo" no="no echo" />
      <YesNo id="overridden" label="Overridden" value={search.overridden} yes="overridden" no="not overridden" />
      <FilterDate name="from" label="From (UTC)" value={search.from} />
      <FilterDate name="to" label="To (UTC)" value={search.to} />
    </FilterRow>
  );
}
