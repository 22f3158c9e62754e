import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// cel-js's own matches() backtracks (re2-matches.ts): an Environment made or parsed elsewhere would
// bring it back. Only these two files may import cel-js; everything else goes through parseCel.
const ALLOWED = new Set(["lib/engine/cel/cel-environment.ts", "lib/engine/cel/re2-matches.ts"]);
const ROOTS = ["app", "bench", "components", "db", "lib", "scripts", "test"];
const ROOT = path.resolve(import.meta.dirname, "../../..");

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) yield full;
  }
}

describe("cel-js imports", () => {
  it("come only from the two files that route matches() to RE2", () => {
    const importers: string[] = [];
    for (const root of ROOTS) {
      let files: string[];
      try {
        files = [...sources(path.join(ROOT, root))];
      } catch {
        continue;
      }
      for (const file of files) {
        const relative = path.relative(ROOT, file).split(path.sep).join("/");
        if (relative === "lib/engine/cel/cel-import-guard.test.ts") continue;
        if (readFileSync(file, "utf8").includes("@marcbachmann/cel-js")) importers.push(relative);
      }
    }
    expect(importers.filter((f) => !ALLOWED.has(f))).toEqual([]);
    expect(importers.sort()).toEqual([...ALLOWED].sort());
  });
});
