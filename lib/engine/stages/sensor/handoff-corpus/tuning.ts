// What the handoff-request recogniser (handoff-request.ts) was tuned on: the default request examples
// of the `handoff` settings plus these phrasings and near-misses. The held-out measure is held-out.ts.

export const TUNING_REQUESTS: readonly string[] = [
  "talk to a human",
  "I want a real person",
  "can I speak to an agent",
  "let me talk to someone",
  "connect me to a representative",
  "transfer me to customer service",
  "get me a human",
  "I need to speak with a person",
  "put me through to a live agent",
  "operator please",
  "speak to your manager",
  "can a real person help me",
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
];
