import { describe, expect, it } from "vitest";
import { AgentSettings } from "@/lib/engine/contracts/agent-settings";
import { SECTION_DESCRIPTIONS, SETTING_DESCRIPTIONS } from "./setting-descriptions";

describe("setting descriptions", () => {
  const defaults = AgentSettings.parse({}) as Record<string, Record<string, unknown>>;
  const paths = Object.entries(defaults).flatMap(([section, values]) =>
    Object.keys(values).map((key) => `${section}.${key}`),
  );

  it("explain every setting an agent has, with a plain label and one line", () => {
    const missing = paths.filter((path) => !SETTING_DESCRIPTIONS[path]);
    expect(missing).toEqual([]);
    for (const path of paths) {
      const { label, help } = SETTING_DESCRIPTIONS[path] ?? { label: "", help: "" };
      expect(label, path).not.toMatch(/_/);
      expect(help.length, path).toBeGreaterThan(10);
    }
  });

  it("describe every section and nothing that does not exist", () => {
    expect(Object.keys(SECTION_DESCRIPTIONS).sort()).toEqual(Object.keys(defaults).sort());
    expect(Object.keys(SETTING_DESCRIPTIONS).filter((path) => !paths.includes(path))).toEqual([]);
  });
});
