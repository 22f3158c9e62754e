import Link from "next/link";
import { Button } from "@/components/ui/button";
import { FilterForm } from "@/components/ui/filter-form";
import { FilterSelect } from "@/components/ui/filter-select";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { hasFilters, type LoopSearch } from "@/lib/loops/loop-filters";

// The filters land in the URL, so a filtered view can be bookmarked and shared; they apply as they change.

function YesNo({ id, label, value, yes, no }: { id: string; label: string; value?: string; yes: string; no: string }) {
  const options = [
    { value: "yes", label: yes },
    { value: "no", label: no },
  ];
  return <FilterSelect id={`loops-${id}`} name={id} label={label} value={value} anyLabel="Any" options={options} />;
}

const KINDS = [
  { value: "external", label: "external (orchestrator)" },
  { value: "turn", label: "turn (regeneration)" },
];

export function LoopsFilterForm({ search, agents }: { search: LoopSearch; agents: { key: string; name: string }[] }) {
  return (
    <FilterForm action="/loops" className="flex flex-wrap items-end gap-3" aria-label="Filter loops">
      <FilterSelect id="loops-kind" name="kind" label="Kind" value={search.kind} anyLabel="All kinds" options={KINDS} />
      <FilterSelect
        id="loops-agent"
        name="agent"
        label="Agent"
        value={search.agent}
        anyLabel="All agents"
        options={agents.map((agent) => ({ value: agent.key, label: agent.name }))}
      />
      <YesNo id="ff" label="Force-finalized" value={search.ff} yes="force-finalized" no="not forced" />
      <YesNo id="echo" label="Bias echo" value={search.echo} yes="bias echo" no="no echo" />
      <YesNo id="overridden" label="Overridden" value={search.overridden} yes="overridden" no="not overridden" />
      <div className="space-y-1">
        <Label htmlFor="loops-from">From (UTC)</Label>
        <Input id="loops-from" name="from" type="date" defaultValue={search.from} className="block w-36" />
      </div>
      <div className="space-y-1">
        <Label htmlFor="loops-to">To (UTC)</Label>
        <Input id="loops-to" name="to" type="date" defaultValue={search.to} className="block w-36" />
      </div>
      {hasFilters(search) ? (
        <Button asChild variant="ghost">
          <Link href="/loops">Clear</Link>
        </Button>
      ) : null}
    </FilterForm>
  );
}
