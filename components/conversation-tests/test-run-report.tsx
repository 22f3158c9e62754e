import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { Mono } from "@/components/ui/mono";
import { Stat } from "@/components/ui/stat";
import type { RuleNames } from "@/lib/conversation-tests/failure-sentence";
import { modelCallsText, percent } from "@/lib/conversation-tests/run-format";
import type { SuiteReport } from "@/lib/conversation-tests/test-types";
import { testCaseHref } from "@/lib/conversation-tests/tests-href";
import { plural } from "@/lib/text/plural";
import { CaseFailures } from "./case-failures";
import { CaseStatusBadge } from "./case-status-badge";

interface TestRunReportProps {
  agentKey: string;
  report: SuiteReport;
  ruleNames: RuleNames;
}

/** A finished run: the suite's numbers, then each case with its status, and what failed where. */
export function TestRunReport({ agentKey, report, ruleNames }: TestRunReportProps) {
  const order = { failed: 0, flaky: 1, passed: 2 };
  const cases = [...report.cases].sort((a, b) => order[a.status] - order[b.status] || a.key.localeCompare(b.key));
  return (
    <div className="space-y-3" data-testid="test-run-report">
      <div className={cn("grid grid-cols-2 gap-2", report.k > 1 ? "md:grid-cols-5" : "md:grid-cols-4")}>
        <Stat label="pass^1" value={percent(report.reliability.pass_1)} hint="share of tries that pass" />
        {/* At k = 1 pass^k is pass^1: one card, not two with the same name. */}
        {report.k > 1 ? (
          <Stat
            label={`pass^${report.k}`}
            value={percent(report.reliability.pass_k)}
            hint={`cases passing all of ${plural(report.k, "try", "tries")}`}
          />
        ) : null}
        <Stat label="Passed" value={report.passed} hint={`of ${plural(report.cases.length, "case")}`} />
        <Stat label="Failed" value={report.failed} hint={report.failed ? "see below" : "none"} />
        <Stat label="Flaky" value={report.flaky} hint={`${plural(report.tries, "try", "tries")} per case`} />
      </div>
      <p className="text-muted-foreground text-xs" data-testid="run-model-calls">
        {modelCallsText(report.model_calls, report.mode)}.
      </p>
      {report.cases.length === 0 ? (
        <p className="text-muted-foreground text-sm">No enabled case was run: enable a case or pick another suite.</p>
      ) : null}
      <ul className="divide-y divide-border rounded-lg border border-border">
        {cases.map((c) => (
          <li key={c.key} className="space-y-2 px-3 py-2" data-testid={`report-case-${c.key}`}>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <CaseStatusBadge status={c.status} />
              <Link href={testCaseHref(agentKey, c.key)} className="font-medium hover:underline">
                {c.name}
              </Link>
              <Mono className="text-muted-foreground text-xs">{c.key}</Mono>
              <span className="ml-auto font-mono text-muted-foreground text-xs">
                {c.passes}/{plural(c.tries, "try", "tries")} · pass^1 {percent(c.pass_1)}
                {report.k > 1 ? ` · pass^${report.k} ${percent(c.pass_k)}` : ""}
              </span>
            </div>
            {c.status === "passed" ? null : <CaseFailures detail={c.detail} ruleNames={ruleNames} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
