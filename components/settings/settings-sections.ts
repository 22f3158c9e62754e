import {
  AmbiguitySettings,
  ContinuitySettings,
  EnforcementSettings,
  FatigueSettings,
  RerunSettings,
  RetentionSettings,
  RetrievalSettings,
  ScenarioFilterSettings,
  TestingSettings,
} from "@/lib/engine/contracts/agent-settings";

// Display order and provenance of each settings section.
export const SETTINGS_SECTIONS = [
  {
    key: "scenario_filter",
    title: "Scenario routing",
    source: "seed 003 ScenarioFilterConfig",
    defaults: ScenarioFilterSettings.defaults,
  },
  {
    key: "enforcement",
    title: "Enforcement",
    source: "seed 003 EnforcementConfig",
    defaults: EnforcementSettings.defaults,
  },
  { key: "rerun", title: "Reruns", source: "seed 001 RERUN_CONFIG", defaults: RerunSettings.defaults },
  {
    key: "fatigue",
    title: "Reflection fatigue",
    source: "seed 001 FATIGUE_CONFIG",
    defaults: FatigueSettings.defaults,
  },
  {
    key: "continuity",
    title: "Continuity",
    source: "seed 004 flag and runtime constants",
    defaults: ContinuitySettings.defaults,
  },
  { key: "ambiguity", title: "Ambiguity trap", source: "seed 003 Decision 4", defaults: AmbiguitySettings.defaults },
  {
    key: "retrieval",
    title: "Rule retrieval",
    source: "Focal: the matcher the seeds leave open",
    defaults: RetrievalSettings.defaults,
  },
  {
    key: "testing",
    title: "Conversation tests",
    source:
      "Focal: each configuration save runs the test suite frozen first — warn saves and names the cases it turns red, block refuses the save (an admin can save anyway with a reason)",
    defaults: TestingSettings.defaults,
  },
  {
    key: "retention",
    title: "Data retention",
    source:
      "Focal: the daily retention job deletes sessions idle longer than this, with their turns, spans and tapes (the ledger keeps its counts). Default: kept forever",
    defaults: RetentionSettings.defaults,
    labels: { sessions_days: "Keep sessions for (days)" },
  },
] as const;

/** A plain label shown beside a setting's key, where the key alone does not say it. */
export function settingLabel(section: (typeof SETTINGS_SECTIONS)[number], key: string): string | null {
  const labels = "labels" in section ? (section.labels as Record<string, string>) : {};
  return labels[key] ?? null;
}
