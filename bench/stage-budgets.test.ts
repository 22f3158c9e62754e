import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { overBudget, STAGE_BUDGETS_MS } from "./stage-budgets";

const PIPELINE_DOC = path.join(import.meta.dirname, "..", "docs", "pipeline.md");

/** The budget table of docs/pipeline.md: `| \`part\` | p50 | p95 | … |` rows. */
function documentedBudgets(): Record<string, { p50: number; p95: number }> {
  const doc = fs.readFileSync(PIPELINE_DOC, "utf8");
  const section = doc.slice(doc.indexOf("## What each stage may cost"));
  const rows = [...section.matchAll(/^\| `([a-z_]+)` \| ([\d.]+) \| ([\d.]+) \|/gm)];
  return Object.fromEntries(rows.map(([, part, p50, p95]) => [part, { p50: Number(p50), p95: Number(p95) }]));
}

describe("stage budgets", () => {
  it("are the table docs/pipeline.md shows, and the stages' p50s add up to the engine's", () => {
    expect(documentedBudgets()).toEqual(STAGE_BUDGETS_MS);
    const { engine, ...parts } = STAGE_BUDGETS_MS;
    const sum = Object.values(parts).reduce((total, b) => total + b.p50, 0);
    expect(sum).toBeCloseTo(engine.p50, 6);
  });

  it("names the parts a run exceeds at p50 or at p95, and only those", () => {
    const measured = new Map([
      ["sensor", { p50: 0.2, p95: 1.5 }],
      ["filtering", { p50: 0.31, p95: 0.5 }],
      ["routing", { p50: 0.01, p95: 0.02 }],
      ["not_a_stage", { p50: 99, p95: 99 }],
    ]);
    expect(overBudget(measured)).toEqual(["sensor", "filtering"]);
  });
});
