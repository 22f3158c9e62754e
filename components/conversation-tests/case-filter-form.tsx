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
      <div className="space-y-1">
        <Label htmlFor="tests-suite">Suite</Label>
        <NativeSelect id="tests-suite" name="suite" defaultValue={filters.suite ?? ""} selectClassName="w-44">
          <option value="">Every suite</option>
          {suites.map((suite) => (
            <option key={suite} value={suite}>
              {suite}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor="tests-tag">Tag</Label>
        <NativeSelect id="tests-tag" name="tag" defaultValue={filters.tag ?? ""} selectClassName="w-44">
          <option value="">Any tag</option>
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </NativeSelect>
      </div>
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
