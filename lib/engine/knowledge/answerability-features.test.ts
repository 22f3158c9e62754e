import { beforeAll, describe, expect, it } from "vitest";
import { answerabilityFeatures } from "./answerability-features";
import { chunkSource } from "./chunk-source";
import { type ConversationTurn, contextualQuery } from "./contextual-query";
import { buildMemoryIndex, type MemoryIndex } from "./memory-index";

const HELP = `# Billing

You can pay by credit card or by bank transfer. Invoices are sent on the first day of the month.

# Support cases

Open a support case from the console. An engineer answers within one business day.
`;

let index: MemoryIndex;

beforeAll(async () => {
  index = await buildMemoryIndex(chunkSource({ kind: "markdown", id: "help", title: "Cloud help", text: HELP }));
});

function features(message: string, earlier: ConversationTurn[] = []) {
  const query = contextualQuery([...earlier, { role: "customer", text: message }], index.lexicon);
  return answerabilityFeatures(query, index.search(query, null, 5), index.stats);
}

describe("what the verdict reads of a question and the passages found", () => {
  it("counts the question's words a passage holds in the same order, not the same words scattered", () => {
    expect(features("How do I open a support case?").phrase).toBe(3);
    expect(features("Is the case for support open?").phrase).toBe(1);
  });

  it("reads a yes/no question, a question for an amount and the customer's own case", () => {
    expect(features("So can I pay by bank transfer?")).toMatchObject({ yesNo: 1, quantity: 0, personal: 1 });
    expect(features("How much does a support case cost?")).toMatchObject({ yesNo: 0, quantity: 1, personal: 0 });
    expect(features("When do my invoices arrive?")).toMatchObject({ yesNo: 0, quantity: 1, personal: 1 });
    expect(features("Which cards do you take? I feel unsure")).toMatchObject({ quantity: 0, personal: 1 });
  });

  it("gives a question sharing no word with the passages no share of them", () => {
    expect(features("What is the capital of Australia?")).toMatchObject({ held: 0, phrase: 0, match: 0 });
  });

  it("reads how much of the agent's previous reply the passages hold: none for a refusal or a first message", () => {
    const asked: ConversationTurn = { role: "customer", text: "How do I pay?" };
    const grounded = features("And when are invoices sent?", [
      asked,
      { role: "agent", text: "You can pay by credit card or by bank transfer." },
    ]);
    const refused = features("And when are invoices sent?", [
      asked,
      { role: "agent", text: "Sorry, I do not know that." },
    ]);
    expect(grounded.previous).toBe(1);
    expect(refused.previous).toBe(0);
    expect(features("And when are invoices sent?").previous).toBe(0);
  });
});
