import { describe, expect, it } from "vitest";
import { AgentSettingsInput, resolveAgentSettings } from "./agent-settings";

describe("language settings", () => {
  it("refuse a language the detector cannot name, with the field's path", () => {
    const parsed = AgentSettingsInput.safeParse({ language: { allowed: ["en", "xx"] } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["language", "allowed", 1]);
    expect(parsed.error?.issues[0]?.message).toMatch(/^must be one of en, fr, de/);
  });

  it("refuse a language listed twice, and take codes in any case", () => {
    expect(AgentSettingsInput.safeParse({ language: { allowed: ["fr", "FR"] } }).success).toBe(false);
    expect(resolveAgentSettings({ language: { allowed: ["DE", "en"] } }).language.allowed).toEqual(["de", "en"]);
  });

  it("default to any language with English first", () => {
    expect(resolveAgentSettings({}).language.allowed).toEqual([]);
  });
});
