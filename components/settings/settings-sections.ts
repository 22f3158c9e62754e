import {
  AmbiguitySettings,
  ContinuitySettings,
  EnforcementSettings,
  FatigueSettings,
  RerunSettings,
  RetentionSettings,
  RetrievalSettings,
  ScenarioFilterSettings,
  SensorSettings,
  TestingSettings,
} from "@/lib/engine/contracts/agent-settings";
import { InputSafetySettings } from "@/lib/engine/contracts/input-safety-settings";
import { LanguageSettings } from "@/lib/engine/contracts/language-settings";
import {
  ApprovalSettings,
  HandoffSettings,
  ReviewsSettings,
  WidgetSettings,
} from "@/lib/engine/contracts/people-settings";
import { PricingSettings } from "@/lib/engine/contracts/pricing-settings";
import { PrivacySettings } from "@/lib/engine/contracts/privacy-settings";

// Display order of the settings sections; what each one means is in lib/settings/setting-descriptions.ts.
export const SETTINGS_SECTIONS = [
  { key: "scenario_filter", title: "Scenario routing", defaults: ScenarioFilterSettings.defaults },
  { key: "enforcement", title: "Enforcement", defaults: EnforcementSettings.defaults },
  { key: "rerun", title: "Reruns", defaults: RerunSettings.defaults },
  { key: "fatigue", title: "Reflection fatigue", defaults: FatigueSettings.defaults },
  { key: "continuity", title: "Continuity", defaults: ContinuitySettings.defaults },
  { key: "ambiguity", title: "Ambiguity trap", defaults: AmbiguitySettings.defaults },
  { key: "sensor", title: "Sensor", defaults: SensorSettings.defaults },
  { key: "retrieval", title: "Rule retrieval", defaults: RetrievalSettings.defaults },
  { key: "testing", title: "Conversation tests", defaults: TestingSettings.defaults },
  { key: "retention", title: "Data retention", defaults: RetentionSettings.defaults },
  { key: "input_safety", title: "Input safety", defaults: InputSafetySettings.defaults },
  { key: "handoff", title: "Handoff to a person", defaults: HandoffSettings.defaults },
  { key: "reviews", title: "Reviews", defaults: ReviewsSettings.defaults },
  { key: "approvals", title: "Tool approvals", defaults: ApprovalSettings.defaults },
  { key: "widget", title: "Chat widget", defaults: WidgetSettings.defaults },
  { key: "language", title: "Language", defaults: LanguageSettings.defaults },
  { key: "privacy", title: "Privacy", defaults: PrivacySettings.defaults },
  { key: "pricing", title: "Model prices", defaults: PricingSettings.defaults },
] as const;
