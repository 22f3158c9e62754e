import { z } from "zod";
import { AgentKey } from "@/lib/engine/contracts/bundle";

/**
 * What an impact preview measured, as the server signed it: a save that carries it records the counts
 * in its CONFIG_CHANGED event, but only if the signature holds and the saved draft is the previewed one.
 */
export const ImpactPreviewCounts = z.strictObject({
  turns: z.number().int().min(0),
  changed: z.number().int().min(0),
  sessions: z.number().int().min(0),
  outcome_changes: z.number().int().min(0),
  newly_blocked: z.number().int().min(0),
  not_replayable: z.number().int().min(0),
});

export const ImpactPreviewStamp = ImpactPreviewCounts.extend({
  token: z.string().regex(/^[0-9a-f]{64}$/, "not a preview token"),
});
export type ImpactPreviewStamp = z.infer<typeof ImpactPreviewStamp>;

/** Why a save may pass a blocking test gate (form, action and REST header alike). */
export const ForceTestsReason = z.string().trim().min(1, "Say why the save may turn these tests red").max(1000);

/**
 * Every configuration mutation names the config_version the editor loaded (optimistic concurrency):
 * if the agent has moved on since, the save is refused with a CONFLICT and nothing is written.
 */
export const AgentAtVersion = {
  agent_key: AgentKey,
  expected_config_version: z.number().int().min(1),
  impact_preview: ImpactPreviewStamp.optional(),
  /** Saving past a blocking test gate says why (an admin: a save; a designer: into draft only); the ledger keeps it. */
  force_tests: z.strictObject({ reason: ForceTestsReason }).optional(),
};
