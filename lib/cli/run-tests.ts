import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { runAgentSuite } from "@/lib/conversation-tests/server/run-agent-suite";
import { TestRunBody } from "@/lib/conversation-tests/test-run-schemas";
import type { RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";
import { checkAgentRouting } from "@/lib/routing-check/server/check-agent-routing";
import { routingAccuracySentence, routingFlagsSentence } from "@/lib/scenarios/routing-check-summary";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { AppError } from "@/lib/server/errors";
import type { CliDeps } from "./cli-deps";
import { junitReport, textReport } from "./junit-report";
import { readJsonFile } from "./read-json-file";

export interface TestCommand {
  command: "test";
  /** A bundle file (run on a scratch database) or an agent key (in the configured database). */
  target: string;
  file: boolean;
  suite?: string;
  k: number;
  tries?: number;
  mode: "frozen" | "offline" | "live";
  junit?: string;
}

const ACTOR = { kind: "system" as const, name: "cli", id: null };

export function parseTestCommand(target: string, values: Record<string, unknown>): TestCommand {
  if (values.out) throw new Error("--out is for export; use --junit <file> for a report.");
  const number = (name: string) => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new Error(`--${name} must be a whole number, not "${raw}".`);
    return n;
  };
  const parsed = TestRunBody.safeParse({
    suite: values.suite,
    k: number("k"),
    tries: number("tries"),
    mode: values.mode,
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`--${String(first?.path[0] ?? "option")}: ${first?.message ?? "invalid"}`);
  }
  const file = target.endsWith(".json") || target.includes("/") || existsSync(target);
  const junit = typeof values.junit === "string" ? values.junit : undefined;
  return { command: "test", target, file, ...parsed.data, suite: parsed.data.suite, junit };
}

/**
 * The routing check's summary, two lines ahead of the suite's table (the totals line stays last). It
 * informs and never fails the run: a flagged example is a wording risk, not a broken behaviour.
 */
function routingSummary(key: string, summary: RoutingCheckReport["summary"]): string {
  const flagged = summary.flagged_examples + summary.flagged_scenarios > 0;
  const where = flagged ? ` See Check routing on the Scenarios page, or POST /api/v1/agents/${key}/routing-check.` : "";
  return `Routing check: ${routingAccuracySentence(summary)}\n  ${routingFlagsSentence(summary)}${where}\n`;
}

/** `focal test`: runs the suite in the foreground, prints a table and "N passed, M failed", exits 1 on a failure. */
export async function runTests(command: TestCommand, deps: CliDeps): Promise<number> {
  let bundle: unknown;
  if (command.file) {
    const read = await readJsonFile(command.target, deps.stderr);
    if (!read) return 1;
    bundle = read.json;
  }
  let handle: DatabaseHandle | undefined;
  try {
    handle = command.file ? await (deps.openScratchDatabase ?? deps.openDatabase)() : await deps.openDatabase();
    const key = command.file
      ? (await importBundle(handle.db, bundle, ACTOR, `cli-${randomUUID()}`)).key
      : command.target;
    const agent = await requireAgent(handle.db, key);
    deps.stdout(routingSummary(key, (await checkAgentRouting(handle.db, key)).summary));
    const report = await runAgentSuite(handle.db, agent, {
      suite: command.suite,
      mode: command.mode,
      k: command.k,
      tries: command.tries,
    });
    if (report.cases.length === 0) {
      deps.stderr(`No test cases${command.suite ? ` in suite "${command.suite}"` : ""} for "${key}".\n`);
      return 1;
    }
    deps.stdout(textReport(report));
    if (command.junit) {
      await writeFile(command.junit, junitReport(key, report));
      deps.stderr(`Wrote JUnit XML to ${command.junit}.\n`);
    }
    return report.failed + report.flaky > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof AppError && error.httpStatus < 500) {
      deps.stderr(`${command.file ? `${command.target}: ` : ""}${error.message}\n`);
      for (const issue of error.issues ?? []) deps.stderr(`  ${issue.path}: ${issue.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await handle?.close();
  }
}
