import Link from "next/link";
import { Button } from "@/components/ui/button";
import { FilterForm } from "@/components/ui/filter-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { hasFilters, type LoopSearch } from "@/lib/loops/loop-filters";

// The filters land in the URL, so a filtered view can be bookmarked and shared; they apply as they change.

function YesNo({ id, label, value, yes, no }: { id: string; label: string; value?: string; yes: string; no: string }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={`loops-${id}`}>{label}</Label>
      <NativeSelect id={`loops-${id}`} name={id} defaultValue={value ?? ""}>
        <option value="">Any</option>
        <option value="yes">{yes}</option>
        <option value="no">{no}</option>
      </NativeSelect>
    </div>
  );
}

export function LoopsFilterForm({ search, agents }: { search: LoopSearch; agents: { key: string; name: string }[] }) {
  return (
    <FilterForm action="/loops" className="flex flex-wrap items-end gap-3" aria-label="Filter loops">
      <div className="space-y-1">
        <Label htmlFor="loops-kind">Kind</Label>
        <NativeSelect id="loops-kind" name="kind" defaultValue={search.kind ?? ""}>
          <option value="">All kinds</option>
          <option value="external">external (orchestrator)</option>
          <option value="turn">turn (regeneration)</option>
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor="loops-agent">Agent</Label>
        <NativeSelect id="loops-agent" name="agent" defaultValue={search.agent ?? ""}>
          <option value="">All agents</option>
          {agents.map((agent) => (
            <option key={agent.key} value={agent.key}>
              {agent.name}
            </option>
          ))}
        </NativeSelect>
      </div>
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
