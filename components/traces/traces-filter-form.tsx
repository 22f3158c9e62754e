import { Search, X } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FilterForm } from "@/components/ui/filter-form";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { Label } from "@/components/ui/label";
import { Mono } from "@/components/ui/mono";
import { NativeSelect } from "@/components/ui/select";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { TraceOptions } from "@/lib/server/traces/load-traces-page";
import { hasTraceFilters, type TraceSearch, tracesHref } from "@/lib/traces/trace-search";

// The filters land in the URL (bookmarkable, shareable, back-button friendly) and the page re-renders
// on the server; they apply as they change, as on every list page.

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={`traces-${id}`}>{label}</Label>
      {children}
    </div>
  );
}

function Select({ id, value, children }: { id: string; value?: string; children: ReactNode }) {
  return (
    <NativeSelect id={`traces-${id}`} name={id} defaultValue={value ?? ""} selectClassName="max-w-52">
      {children}
    </NativeSelect>
  );
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
        <Field id="outcome" label="Outcome">
          <Select id="outcome" value={search.outcome}>
            <option value="">Any outcome</option>
            {TURN_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {outcome}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="scenario" label="Scenario">
          <Select id="scenario" value={search.scenario}>
            <option value="">Any scenario</option>
            {options.scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="fired" label="Rule fired">
          <Select id="fired" value={search.fired}>
            <option value="">Any rule</option>
            {options.rules.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({r.key})
              </option>
            ))}
          </Select>
        </Field>
        <Field id="violation" label="Violation">
          <Select id="violation" value={search.violation}>
            <option value="">Any turn</option>
            <option value="any">any violation</option>
            {options.rules.map((r) => (
              <option key={r.id} value={r.id}>
                violated {r.name} ({r.key})
              </option>
            ))}
          </Select>
        </Field>
        <Field id="provider" label="Provider">
          <Select id="provider" value={search.provider}>
            <option value="">Any provider</option>
            {options.providers.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="from" label="From (UTC)">
          <Input id="traces-from" name="from" type="date" defaultValue={search.from} className="block w-36" />
        </Field>
        <Field id="to" label="To (UTC)">
          <Input id="traces-to" name="to" type="date" defaultValue={search.to} className="block w-36" />
        </Field>
        {hasTraceFilters(search) ? (
          <Button asChild variant="ghost">
            <Link href={tracesHref(agentKey, {})}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </FilterForm>
  );
}
