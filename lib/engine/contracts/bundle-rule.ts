import { z } from "zod";
import { CEL_MAX_EXPRESSION_LENGTH } from "../cel/cel-environment";
import { EntityKey } from "./bundle-keys";
import { Name, nonBlank, TEXT_LIMITS as T } from "./bundle-text";

/**
 * `scope_ref`: null for GLOBAL, a scenario key for SCENARIO, "scenario_key/step_key" for STEP.
 * `attached_tools`: tool keys, run when the rule matches.
 */
export const BundleRule = z.strictObject({
  key: EntityKey,
  name: Name,
  condition_text: z.string().min(1).max(T.description).refine(nonBlank, "Must not be blank"),
  action_text: z.string().min(1).max(T.actionText).refine(nonBlank, "Must not be blank"),
  scope: z.enum(["GLOBAL", "SCENARIO", "STEP"]).default("GLOBAL"),
  scope_ref: z.string().min(1).max(T.name).nullable().default(null),
  priority: z.number().int().min(-1000).max(1000).default(0),
  is_hard_constraint: z.boolean().default(false),
  /** CEL (lane 1), checked against the declared variables on import. */
  enforcement_expression: z.string().max(CEL_MAX_EXPRESSION_LENGTH).nullable().default(null),
  enforcement_lane: z.enum(["deterministic", "subjective"]).default("deterministic"),
  /**
   * A hard rule's draft still violating it when regeneration is exhausted: `fallback` ships the safe
   * refusal (the default, and every bundle written before this field), `handoff` hands the
   * conversation to a person (docs/handoffs.md).
   */
  on_violation: z.enum(["fallback", "handoff"]).default("fallback"),
  attached_tools: z.array(EntityKey).max(20).default([]),
  max_fires_per_session: z.number().int().min(1).max(10_000).nullable().default(null),
  cooldown_turns: z.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
});

export type BundleRule = z.output<typeof BundleRule>;
