import { HandoffSettings } from "../../../contracts/people-settings";

// What the handoff-request recogniser (handoff-request.ts) was tuned on: the default request examples
// of the `handoff` settings plus these phrasings and near-misses. The held-out measure is held-out.ts.

export const TUNING_REQUESTS: readonly string[] = [
  ...HandoffSettings.defaults.request_examples,
  "agent",
  "I want to talk to a human being",
  "real person please",
  "can I have a human",
];

export const TUNING_NEAR_MISSES: readonly string[] = [
  "is a human reading this?",
  "are you a bot?",
  "I want a refund",
  "the agent said yes",
  "can someone check my order status",
  "talk to me about refunds",
  "I do not want to speak to a person",
  // Shaped like the CLINC150 train/val utterances that once handed off (docs/handoffs.md).
  "i need someone to look at my car, the engine light is on",
  "it looks like someone made a charge on my card I did not make",
  "could you be a real person",
];
