import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareOptionsFrom } from "./compare";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("npm run bench -- --compare", () => {
  it("reads the reference, the parts and the rounds, and refuses what it cannot run", () => {
    expect(compareOptionsFrom(["--compare", "4fd586a"])).toEqual({
      ref: "4fd586a",
      parts: ["engine", "http"],
      rounds: 3,
    });
    expect(compareOptionsFrom(["--compare", "main", "--compare-only", "engine"])?.parts).toEqual(["engine"]);
    expect(compareOptionsFrom([])).toBeNull();
    expect(() => compareOptionsFrom(["--compare"])).toThrow(/needs a git ref/);
    expect(() => compareOptionsFrom(["--compare", "main", "--compare-only", "disk"])).toThrow(
      /"disk" is not engine or http/,
    );
  });

  it("runs the engine driver in both builds and prints each figure for both and their ratio", () => {
    // The shape only, never the numbers: HEAD against the working tree, 20 turns at 10 rules, one round.
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
        "bench/run.ts",
        "--compare",
        "HEAD",
        "--compare-only",
        "engine",
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, BENCH_COMPARE_TURNS: "20", BENCH_COMPARE_ROUNDS: "1", BENCH_COMPARE_RULES: "10" },
        timeout: 240_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const figures = Object.fromEntries(
      [...run.stdout.matchAll(/^(compare_[a-z0-9_]+)=([\d.]+)$/gm)].map(([, name, value]) => [name, Number(value)]),
    );
    for (const rules of [10]) {
      for (const stat of ["p50", "p95"]) {
        const base = `compare_engine_overhead_${stat}_ms_rules_${rules}`;
        expect(figures[`${base}_current`], base).toBeGreaterThan(0);
        expect(figures[`${base}_reference`], base).toBeGreaterThan(0);
        expect(figures[`${base}_ratio`]).toBeCloseTo(figures[`${base}_current`] / figures[`${base}_reference`], 2);
      }
    }
    expect(run.stdout).toMatch(/# compare: current = the working tree, reference = HEAD \([0-9a-f]{12}\)/);
  }, 300_000);
});
