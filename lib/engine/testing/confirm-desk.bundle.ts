import type { BundleInput } from "../contracts/bundle";

/** The customer's tier, and the credit limit the hard rule compares a stated discount with. */
function profileFields(): BundleInput["profile_fields"] {
  return [
    {
      field_name: "tier",
      display_name: "Tier",
      description: "standard or vip",
      field_type: "string",
      validation_rules: ['value in ["standard", "vip"]'],
      extraction_hints: [],
    },
    {
      field_name: "credit_limit",
      display_name: "Credit limit",
      description: "",
      field_type: "number",
      validation_rules: ["value >= 0"],
      extraction_hints: [],
    },
  ];
}

/** A tiny agent with a yes/no step (for the stuck user who answers "maybe") and a profile-backed hard rule. */
export function confirmDeskBundle(settings: Record<string, unknown> = {}): BundleInput {
  return {
    focal_bundle: 1,
    agent: { key: "confirm-desk", name: "Confirm desk", description: "", settings },
    profile_fields: profileFields(),
    variables: [{ name: "discount_pct", type: "number", description: "", patterns: ["(\\d+)% (?:off|discount)"] }],
    tools: [],
    scenarios: [
      {
        key: "upgrade",
        name: "Upgrade",
        intent_label: "upgrade_plan",
        entry_examples: ["I want to upgrade my plan", "upgrade me to premium"],
        entry_step: "confirm",
        steps: [
          {
            key: "confirm",
            name: "Confirm the upgrade",
            instructions: "Ask the customer to confirm with yes or no.",
            clarification_hint: "Please answer yes or no: shall I upgrade your plan?",
          },
          { key: "done", name: "Upgraded", instructions: "Confirm the upgrade.", is_terminal: true },
          { key: "cancelled", name: "Not upgraded", instructions: "Say nothing changed.", is_terminal: true },
        ],
        transitions: [
          {
            from: "confirm",
            to: "done",
            condition_text: "The customer says yes",
            examples: ["yes", "yes please", "sure, go ahead"],
          },
          {
            from: "confirm",
            to: "cancelled",
            condition_text: "The customer says no",
            examples: ["no", "no thanks", "don't do it"],
          },
        ],
      },
    ],
    rules: [
      {
        key: "vip-credit",
        name: "Credit only within the limit",
        condition_text: "Any reply, whatever the topic",
        action_text: "Never offer more discount than the customer's credit limit allows.",
        scope: "GLOBAL",
        is_hard_constraint: true,
        enforcement_expression: "discount_pct <= credit_limit",
        enforcement_lane: "deterministic",
      },
      {
        key: "one-time-tip",
        name: "Mention the annual plan once",
        condition_text: "The customer wants to upgrade their plan",
        action_text: "Mention that the annual plan saves two months.",
        scope: "SCENARIO",
        scope_ref: "upgrade",
        max_fires_per_session: 1,
      },
      {
        key: "cooldown-tip",
        name: "Remind about support hours",
        condition_text: "The customer wants to upgrade their plan",
        action_text: "Mention support hours.",
        scope: "SCENARIO",
        scope_ref: "upgrade",
        cooldown_turns: 2,
      },
    ],
  };
}
