// Scripted demo conversations: what customers of the Refund desk say, turn by turn. The benchmark
// plays them for the model-call budget, and the replay tests and benchmark for replay fidelity.
export const DEMO_CONVERSATIONS: string[][] = [
  ["I'm in France and want a refund for order 123"],
  ["I want my money back", "It's order 123", "yes, that one", "it arrived broken"],
  [
    "Can I get a refund? The kettle arrived broken",
    "can you show me my orders?",
    "open the sample2 pls",
    "wrong size, I want my money back",
  ],
  ["How much does the blue kettle cost?", "the blue kettle"],
  ["What's the price of shipping to France?", "the premium plan"],
  ["refund please, wrong size", "order #A-1042", "oops, wrong number", "It's order 123"],
  ["I'd like to return my order and get refunded", "cancel", "How much does the blue kettle cost?"],
  ["what if I wanted a refund?", "I want my money back", "It's order 123"],
  ["hello", "I want my money back", "start over"],
  ["Is there a discount on the premium plan?", "this one: kettle-blue-2l"],
];
