import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { type CaseFilters, suitesAndTags } from "@/lib/conversation-tests/case-list";
import { testsHref } from "@/lib/conversation-tests/tests-href";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";

interface CaseFilterFormProps {
  agentKey: string;
  tests: BundleTestCase[];
  filters: CaseFilters;
}

function FilterSelect(props: { name: string; label: string; any: string; value: string | null; choices: string[] }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={`tests-${props.name}`}>{props.label}</Label>
      <NativeSelect
        id={`tests-${props.name}`}
        name={props.name}
        defaultValue={props.value ?? ""}
        selectClassName="w-44"
      >
        <option value="">{props.any}</option>
        {props.choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

// A plain GET form: the filters land in the URL and the page re-renders on the server.
export function CaseFilterForm({ agentKey, tests, filters }: CaseFilterFormProps) {
  const { suites, tags } = suitesAndTags(tests);
  return (
    <form
      method="get"
      action={testsHref(agentKey)}
      className="flex flex-wrap items-end gap-3"
      aria-label="Filter cases"
    >
      <FilterSelect name="suite" label="Suite" any="Every suite" value={filters.suite} choices={suites} />
      <FilterSelect name="tag" label="Tag" any="Any tag" value={filters.tag} choices={tags} />
      <Button type="submit" variant="outline">
        Filter
      </Button>
      {filters.suite || filters.tag ? (
        <Button asChild variant="ghost">
          <a href={testsHref(agentKey)}>Clear filters</a>
        </Button>
      ) : null}
    </form>
  );
}
