import { Button } from "@/components/ui/button";
import { FilterForm } from "@/components/ui/filter-form";
import { FilterSelect } from "@/components/ui/filter-select";
import { type CaseFilters, suitesAndTags } from "@/lib/conversation-tests/case-list";
import { testsHref } from "@/lib/conversation-tests/tests-href";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";

interface CaseFilterFormProps {
  agentKey: string;
  tests: BundleTestCase[];
  filters: CaseFilters;
}

// The filters land in the URL and apply as they change, as on every list page.
export function CaseFilterForm({ agentKey, tests, filters }: CaseFilterFormProps) {
  const { suites, tags } = suitesAndTags(tests);
  return (
    <FilterForm action={testsHref(agentKey)} className="flex flex-wrap items-end gap-3" aria-label="Filter cases">
      <FilterSelect
        id="tests-suite"
        name="suite"
        label="Suite"
        anyLabel="Every suite"
        value={filters.suite ?? undefined}
        options={suites}
      />
      <FilterSelect
        id="tests-tag"
        name="tag"
        label="Tag"
        anyLabel="Any tag"
        value={filters.tag ?? undefined}
        options={tags}
      />
      {filters.suite || filters.tag ? (
        <Button asChild variant="ghost">
          <a href={testsHref(agentKey)}>Clear filters</a>
        </Button>
      ) : null}
    </FilterForm>
  );
}
