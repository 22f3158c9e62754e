import Link from "next/link";
import { formatUtc } from "@/components/sandbox/sandbox-format";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/components/ui/table";
import { type CaseFilters, filterCases, groupBySuite } from "@/lib/conversation-tests/case-list";
import { percent } from "@/lib/conversation-tests/run-format";
import { testCaseHref, testsHref } from "@/lib/conversation-tests/tests-href";
import type { LastCaseResult } from "@/lib/conversation-tests/tests-workspace";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { plural } from "@/lib/text/plural";
import { CaseStatusBadge } from "./case-status-badge";

interface CaseTableProps {
  agentKey: string;
  tests: BundleTestCase[];
  filters: CaseFilters;
  lastResults: Record<string, LastCaseResult>;
}

function LastResult({ agentKey, result }: { agentKey: string; result: LastCaseResult | undefined }) {
  if (!result) return <span className="text-muted-foreground text-xs">not run yet</span>;
  return (
    <Link
      href={testsHref(agentKey, { run: result.run_id })}
      className="inline-flex items-center gap-2 whitespace-nowrap hover:underline"
      title={`Run of ${formatUtc(result.at)}`}
    >
      <CaseStatusBadge status={result.status} />
      <Mono className="text-xs">
        pass^{result.k} {percent(result.pass_k)}
      </Mono>
    </Link>
  );
}

/** The cases, grouped by suite: key, name, tags, turn count, enabled, and the latest run's result. */
export function CaseTable({ agentKey, tests, filters, lastResults }: CaseTableProps) {
  const groups = groupBySuite(filterCases(tests, filters));
  if (groups.length === 0) {
    return (
      <EmptyState title="No case matches" description="No case is in this suite with this tag: clear the filters." />
    );
  }
  return (
    <Table data-testid="test-cases" containerClassName="max-h-[calc(100vh-14rem)]">
      <TableHeadings labels={["Case", "Tags", { label: "Turns", numeric: true }, "Enabled", "Last result"]} />
      {groups.map((group) => (
        <TableBody key={group.suite}>
          <TableRow className="bg-muted/40 hover:bg-muted/40">
            <TableCell colSpan={5} className="py-1.5 font-medium text-xs">
              Suite <Mono>{group.suite}</Mono> · {plural(group.cases.length, "case")}
            </TableCell>
          </TableRow>
          {group.cases.map((c) => (
            <TableRow key={c.key} data-testid={`test-case-${c.key}`}>
              <TableCell>
                <Link href={testCaseHref(agentKey, c.key)} className="font-medium hover:underline">
                  {c.name}
                </Link>
                <div>
                  <Mono className="text-muted-foreground text-xs">{c.key}</Mono>
                </div>
              </TableCell>
              <TableCell>
                <span className="flex flex-wrap gap-1">
                  {c.tags.map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </span>
              </TableCell>
              <TableCell numeric>{c.turns.length}</TableCell>
              <TableCell>{c.enabled ? <Badge variant="success">enabled</Badge> : <Badge>disabled</Badge>}</TableCell>
              <TableCell>
                <LastResult agentKey={agentKey} result={lastResults[c.key]} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      ))}
    </Table>
  );
}
