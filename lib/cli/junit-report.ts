import { failureLine } from "@/lib/conversation-tests/failure-sentence";
import type { SuiteReport } from "@/lib/engine/conversation-tests/run-suite";

/** XML 1.0 allows no C0 control characters but tab, line feed and carriage return (a model reply may hold one). */
function allowedInXml(char: string): boolean {
  const code = char.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function escapeXml(text: string): string {
  return [...text]
    .filter(allowedInXml)
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** JUnit XML, as CI systems read it: one testsuite per Focal suite, one testcase per case. */
export function junitReport(agentKey: string, report: SuiteReport): string {
  const bySuite = new Map<string, SuiteReport["cases"]>();
  for (const c of report.cases) bySuite.set(c.suite, [...(bySuite.get(c.suite) ?? []), c]);
  const suites = [...bySuite].map(([suite, cases]) => {
    const failures = cases.filter((c) => c.status !== "passed").length;
    const body = cases
      .map((c) => {
        const name = escapeXml(`${c.key}: ${c.name}`);
        const head = `    <testcase classname="${escapeXml(`${agentKey}.${suite}`)}" name="${name}">`;
        if (c.status === "passed") return `${head}</testcase>`;
        const lines = c.detail.error ? [c.detail.error] : c.detail.failures.map(failureLine);
        const message = `${c.status}: ${c.passes} of ${c.tries} tries passed (pass^${report.k} ${c.pass_k.toFixed(3)})`;
        return `${head}\n      <failure message="${escapeXml(message)}">${escapeXml(lines.join("\n"))}</failure>\n    </testcase>`;
      })
      .join("\n");
    return `  <testsuite name="${escapeXml(`${agentKey}.${suite}`)}" tests="${cases.length}" failures="${failures}">\n${body}\n  </testsuite>`;
  });
  const failed = report.failed + report.flaky;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="focal ${escapeXml(agentKey)} (${report.mode}, k=${report.k})" tests="${report.cases.length}" failures="${failed}">\n${suites.join("\n")}\n</testsuites>\n`;
}

/** The terminal table: one line per case, then the totals line CI readers look for. */
export function textReport(report: SuiteReport): string {
  const width = Math.max(4, ...report.cases.map((c) => c.key.length));
  const lines = report.cases.map((c) => {
    const mark = c.status === "passed" ? "PASS" : c.status === "flaky" ? "FLAKY" : "FAIL";
    const rel = `pass^1 ${c.pass_1.toFixed(2)}  pass^${report.k} ${c.pass_k.toFixed(2)}`;
    const first = c.detail.error ?? c.detail.failures[0];
    const why = typeof first === "string" ? first : first ? failureLine(first) : "";
    return `${mark.padEnd(5)} ${c.key.padEnd(width)}  ${rel}${why ? `  ${why}` : ""}`;
  });
  const r = report.reliability;
  const passK = r.k > 1 ? `, pass^${r.k} ${r.pass_k.toFixed(3)}` : "";
  lines.push(
    `${report.cases.length} cases, ${report.mode}, ${report.tries} ${report.tries === 1 ? "try" : "tries"}: pass^1 ${r.pass_1.toFixed(3)}${passK}, ${report.flaky} flaky`,
  );
  lines.push(`${report.passed} passed, ${report.failed + report.flaky} failed`);
  return `${lines.join("\n")}\n`;
}
