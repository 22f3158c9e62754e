import { z } from "zod";
import { EntityKey } from "./bundle-keys";
import { Name, Phrases, TEXT_LIMITS as T, Text } from "./bundle-text";

export const BundleStep = z.strictObject({
  key: EntityKey,
  name: Name,
  instructions: Text(T.instructions).default(""),
  clarification_hint: Text(T.description).default(""),
  is_terminal: z.boolean().default(false),
});

/** `from` and `to` are step keys of the same scenario. */
export const BundleTransition = z.strictObject({
  from: EntityKey,
  to: EntityKey,
  condition_text: Text(T.description).default(""),
  examples: Phrases(100, T.listEntry).default([]),
});

/** Steps and transitions keep their authored order: the editor and the graph show them that way. */
export const BundleScenario = z.strictObject({
  key: EntityKey,
  name: Name,
  description: Text(T.description).default(""),
  intent_label: Text(T.intentLabel).default(""),
  entry_examples: Phrases(100, T.listEntry).default([]),
  entry_step: EntityKey,
  enabled: z.boolean().default(true),
  steps: z.array(BundleStep).min(1, "A scenario needs at least one step").max(50),
  transitions: z.array(BundleTransition).max(200).default([]),
});

export type BundleScenario = z.output<typeof BundleScenario>;
