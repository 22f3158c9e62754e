import { z } from "zod";

// Client-safe input of the impact preview: which editor save to dry-run (its input is that save's
// own input, validated by the save's own schema) and how many recent conversations to replay it on.

const PREVIEWABLE_EDITS = [
  "createRule",
  "updateRule",
  "createScenario",
  "updateScenario",
  "createTool",
  "updateTool",
  "createProfileField",
  "updateProfileField",
  "createVariable",
  "updateVariable",
  "createKnowledgeSource",
  "updateKnowledgeSource",
  "updateAgentSettings",
] as const;
export type PreviewableEdit = (typeof PREVIEWABLE_EDITS)[number];

// The default window is the last 200 sessions or 2,000 turns, whichever is smaller; a designer may
// widen it to 2,000 sessions / 20,000 turns (a preview over more is a test suite's job).
export const ReplayWindow = z.strictObject({
  sessions: z.number().int().min(1).max(2000).default(200),
  turns: z.number().int().min(1).max(20_000).default(2000),
});
export type ReplayWindow = z.input<typeof ReplayWindow>;

export const PreviewImpactInput = z.strictObject({
  edit: z.enum(PREVIEWABLE_EDITS),
  /** The save's input, exactly as the editor would send it to Save. */
  input: z.record(z.string(), z.unknown()),
  window: ReplayWindow.default({ sessions: 200, turns: 2000 }),
});
export type PreviewImpactInput = z.input<typeof PreviewImpactInput>;
