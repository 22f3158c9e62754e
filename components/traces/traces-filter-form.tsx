import { Search, X } from "lucide-react";
import Link from "next/link";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { FilterDate } from "@/components/ui/filter-date";
import { FilterForm } from "@/components/ui/filter-form";
import { FilterSelect } from "@/components/ui/filter-select";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { Mono } from "@/components/ui/mono";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { TraceOptions } from "@/lib/traces/server/load-traces-page";
import { hasTraceFilters, type TraceSearch, tracesHref } from "@/lib/traces/trace-search";

// The filters land in the URL (bookmarkable, shareable, back-button friendly) and the page re-renders
// on the server; they apply as they change, as on every list page.

function TraceSelect(props: Omit<ComponentProps<typeof FilterSelect>, "selectClassName">) {
  return <FilterSelect {...props} selectClassName="max-w-52" />;
}

interface TracesFilterFormProps {
  agentKey: string;
  search: TraceSearch;
  options: TraceOptions;
}

export function TracesFilterForm({ agentKey, search, options }: TracesFilterFormProps) {
  return (
    <FilterForm action={tracesHref(agentKey, {})} className="flex flex-col gap-3" aria-label="Filter traces">
      <div className="flex items-end gap-2">
        <div className="relative w-full max-w-xl">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            data-search
            type="search"
            name="q"
            aria-label="Search messages and replies"
            placeholder="Search messages and replies"
            defaultValue={search.q ?? ""}
            maxLength={200}
            className="pr-10 pl-8"
          />
          <Kbd className="absolute top-1/2 right-2 -translate-y-1/2">/</Kbd>
        </div>
        {search.session ? (
          <span className="inline-flex h-8 items-center gap-1 rounded-md border border-border px-2 text-xs">
            <input type="hidden" name="session" value={search.session} />
            session <Mono>{search.session.slice(0, 8)}</Mono>
            <Link
              href={tracesHref(agentKey, { ...search, session: undefined, cursor: undefined })}
              aria-label="Remove the session filter"
              className="text-muted-foreground hover:text-foreground"
            >
              <X aria-hidden="true" className="size-3.5" />
            </Link>
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TraceSelect
          name="outcome"
          label="Outcome"
          value={search.outcome}
          anyLabel="Any outcome"
          options={TURN_OUTCOMES}
        />
        <TraceSelect
          name="scenario"
          label="Scenario"
          value={search.scenario}
          anyLabel="Any scenario"
          options={options.scenarios.map((s) => ({ value: s.id, label: s.name }))}
        />
        <TraceSelect
          name="fired"
          label="Rule fired"
          value={search.fired}
          anyLabel="Any rule"
          options={options.rules.map((r) => ({ value: r.id, label: `${r.name} (${r.key})` }))}
        />
        <TraceSelect
          name="violation"
          label="Violation"
          value={search.violation}
          anyLabel="Any turn"
          options={[
            { value: "any", label: "any violation" },
            ...options.rules.map((r) => ({ value: r.id, label: `violated ${r.name} (${r.key})` })),
          ]}
        />
        <TraceSelect
          name="provider"
          label="Provider"
          value={search.provider}
          anyLabel="Any provider"
          options={options.providers}
        />
        <FilterDate name="from" label="From (UTC)" value={search.from} />
        <FilterDate name="to" label="To (UTC)" value={search.to} />
        {hasTraceFilters(search) ? (
          <Button asChild variant="ghost">
            <Link href={tracesHref(agentKey, {})}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </FilterForm>
  );
}
