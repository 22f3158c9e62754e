import {
  AmbiguitySettings,
  ContinuitySettings,
  EnforcementSettings,
  FatigueSettings,
  RerunSettings,
  RetrievalSettings,
  ScenarioFilterSettings,
  SensorSettings,
  TestingSettings,
} from "@/lib/engine/contracts/agent-settings";

// Display order and provenance of each settings section; `labels` give a setting a plain name and a
// one-line explanation beside its key.

export interface SettingLabel {
  label: string;
  help: string;
}

/** The plain label of one setting, when its section gives one. */
export function settingLabel(section: { labels?: Record<string, SettingLabel> }, key: string): SettingLabel | null {
  return section.labels?.[key] ?? null;
}

export const SETTINGS_SECTIONS: readonly {
  key:
    | "scenario_filter"
    | "enforcement"
    | "rerun"
    | "fatigue"
    | "continuity"
    | "ambiguity"
    | "sensor"
    | "retrieval"
    | "testing";
  title: string;
  source: string;
  defaults: Readonly<Record<string, unknown>>;
  labels?: Record<string, SettingLabel>;
}[] = [
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
    key: "sensor",
    title: "Sensor",
    source: "Focal: the local sensor in front of the model sensor",
    defaults: SensorSettings.defaults,
    labels: {
      local_confidence: {
        label: "Local sensor confidence",
        help: "Clear turns the local sensor is at least this sure of skip the model sensor call; 1 always asks the model.",
      },
    },
  },
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
];
