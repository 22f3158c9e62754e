import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { AppError } from "@/lib/server/errors";
import { cpuMillis } from "@/test/support/cpu-time";
import { runTesterJob, type TesterJob } from "./tester-jobs";
import { runTesterJobOffThread } from "./tester-pool";

const run = `${"a".repeat(4000)}!`;
const reply = "I'll process a $75 refund for you. Try QuickCart. ".repeat(1000).slice(0, 50_000);

describe("runTesterJobOffThread", () => {
  it("runs the engine's tester code on the worker and returns its result", async () => {
    const result = await runTesterJobOffThread(
      {
        kind: "variable",
        variable: { name: "refund", type: "number", patterns: ["\\$(\\d+) refund"] },
        reply: "A $75 refund.",
      },
      5000,
      "slow",
    );
    expect(result.values).toEqual([75]);
    const evaluation = await runTesterJobOffThread(
      {
        kind: "rule_expression",
        expression: 'reply.matches("^(a+)+$")',
        declarations: { reply: "string" },
        values: { reply: run },
      },
      5000,
      "slow",
    );
    expect(evaluation).toEqual({ result: false });
  });

  it("stops a test that outlives its limit, then runs the next one on a fresh worker", async () => {
    const variable = demo.variables.find((v) => v.name === "refund_amount");
    if (!variable) throw new Error("demo variable missing");
    const job = {
      kind: "variable" as const,
      variable: variable as { name: string; type: "number"; patterns: string[] },
      reply,
    };
    // 50,000 characters through normalization, money parsing and three patterns: ~100 ms, never 1 ms.
    await expect(runTesterJobOffThread(job, 1, "too slow")).rejects.toEqual(new AppError("VALIDATION", "too slow"));
    const field = await runTesterJobOffThread(
      { kind: "field_value", fieldType: "string", validationRules: ['value.matches("^(a+)+$")'], value: run },
      5000,
      "slow",
    );
    expect(field.accepted).toBe(false);
  });

  it("reads a 50,000-character reply for every demo variable in time linear in its length", () => {
    // A ratio, not an absolute bound: process CPU time counts every thread of the test process (GC,
    // the tester worker), and one CI run read 2,870 ms for a variable that takes 300 ms alone. Both
    // lengths are measured back to back, best of 3, so a busy machine inflates both alike. Linear
    // time reads 10x the text in ~10x the time; a backtracking pattern reads it in 100x or more.
    const short = reply.slice(0, 5_000);
    const best = (job: TesterJob) => Math.min(...[0, 1, 2].map(() => cpuMillis(() => runTesterJob(job))));
    for (const variable of demo.variables) {
      const job = (text: string): TesterJob => ({
        kind: "variable",
        variable: variable as { name: string; type: "boolean"; patterns: string[] },
        reply: text,
      });
      expect(runTesterJob(job(reply)), variable.name).toBeTruthy();
      const ratio = best(job(reply)) / Math.max(best(job(short)), 5);
      expect(ratio, variable.name).toBeLessThan(25);
    }
  });

  it("leaves the event loop free while a test runs", async () => {
    const job = {
      kind: "variable" as const,
      variable: { name: "x", type: "boolean" as const, patterns: demo.variables.flatMap((v) => v.patterns) },
      reply,
    };
    await runTesterJobOffThread(job, 5000, "slow");
    let ticks = 0;
    const interval = setInterval(() => ticks++, 5);
    const started = performance.now();
    await runTesterJobOffThread(job, 5000, "slow");
    const elapsed = performance.now() - started;
    clearInterval(interval);
    // A blocked loop would tick once at the end; a free one ticks every 5 ms or so.
    expect(ticks).toBeGreaterThan(Math.min(3, elapsed / 20));
  });
});
