import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every span is written by runStage (stage.ts): one place times it, stores it and tells onStage, so
// the trace records and the live stream come out in one order with one shape. A stage that recorded
// its own span would bypass that.
const ENGINE = path.resolve(import.meta.dirname, "..");
const WRITER = "pipeline/stage.ts";

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) yield full;
  }
}

describe("span writing", () => {
  it("happens only in runStage", () => {
    const writers = [...sources(ENGINE)]
      .filter((file) => readFileSync(file, "utf8").includes("spans.record("))
      .map((file) => path.relative(ENGINE, file).split(path.sep).join("/"));
    expect(writers).toEqual([WRITER]);
  });
});
