import { FilterRow } from "@/components/ui/filter-row";
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
    <FilterRow
      action={testsHref(agentKey)}
      label="Filter cases"
      filtered={Boolean(filters.suite || filters.tag)}
      clearLabel="Clear filters"
    >
      <FilterSelect
        name="suite"
        label="Suite"
        anyLabel="Every suite"
        value={filters.suite ?? undefined}
        options={suites}
      />
      <FilterSelect name="tag" label="Tag" anyLabel="Any tag" value={filters.tag ?? undefined} options={tags} />
    </FilterRow>
  );
}
