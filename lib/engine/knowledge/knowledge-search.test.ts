import { beforeAll, describe, expect, it } from "vitest";
import { answerability } from "./answerability";
import { chunkSource } from "./chunk-source";
import { type ConversationTurn, contextualQuery } from "./contextual-query";
import type { KnowledgeSource } from "./knowledge-source";
import { buildMemoryIndex, type MemoryIndex } from "./memory-index";
import { rankPassages } from "./rank-passages";
import { passageTerms } from "./terms";

const SHOP_HELP = `# Shipping

## Delivery times

Orders to France arrive in 2 business days. Standard shipping is free above 50 EUR.

## Shipping to Germany

Parcels to Germany are delivered by DHL in 3 business days for 7 EUR.

## Shipping to Spain

Parcels to Spain and Portugal are delivered in 4 to 6 business days; shipping costs 9 EUR.

# Returns

## Returning from abroad

Customers in Spain, Italy and Germany return items at any post office with the prepaid label.

## Refund window

Refunds reach your card within 5 business days after we receive the returned item.

# Payment

We accept Visa, Mastercard, PayPal and bank transfer. Invoices are sent by e-mail.
`;

/** A FAQ source from its question and answer pairs. */
const faq = (id: string, title: string, entries: [string, string][]): KnowledgeSource => ({
  kind: "faq",
  id,
  title,
  entries: entries.map(([question, answer]) => ({ question, answer })),
});

const RESTAURANTS: KnowledgeSource[] = [
  faq("luigi", "Luigi's Trattoria", [
    ["Do you have outdoor seating?", "Yes, our terrace seats 40 guests from April to October."],
    ["Are children welcome?", "Yes, we have high chairs and a kids menu."],
    ["What are the opening hours?", "Every day from 6 pm to 11 pm."],
  ]),
  faq("wok", "Golden Wok", [
    ["Is there outdoor seating?", "No, all tables are inside."],
    ["Can children come?", "Children are welcome until 9 pm."],
    ["When are you open?", "From noon to 10 pm, closed on Mondays."],
  ]),
];

let shop: MemoryIndex;
let restaurants: MemoryIndex;

beforeAll(async () => {
  shop = await buildMemoryIndex(chunkSource({ kind: "markdown", id: "help", title: "Shop help", text: SHOP_HELP }));
  restaurants = await buildMemoryIndex(RESTAURANTS.flatMap(chunkSource));
});

const customer = (text: string): ConversationTurn => ({ role: "customer", text });
const agent = (text: string): ConversationTurn => ({ role: "agent", text });

function top(index: MemoryIndex, turns: ConversationTurn[]) {
  const query = contextualQuery(turns, index.lexicon);
  const ranked = index.search(query, null, 5);
  return { query, ranked, verdict: answerability(query, ranked, index.stats) };
}

describe("knowledge search over a conversation", () => {
  it.each([
    [
      "a shipping question as shipping to Spain",
      "How long does shipping to Germany take?",
      "Parcels to Germany arrive in 3 business days.",
      ["Shipping", "Shipping to Spain"],
    ],
    [
      "a returns question as returning from Spain",
      "How do I return an item from Germany?",
      "Take it to any post office with the prepaid label.",
      ["Returns", "Returning from abroad"],
    ],
  ])('reads "and for Spain?" after %s', (_, question, answer, headingPath) => {
    const { ranked } = top(shop, [customer(question), agent(answer), customer("and for Spain?")]);
    expect(ranked[0]?.passage.headingPath).toEqual(headingPath);
  });

  it("carries a restaurant the agent named three turns earlier", () => {
    const { ranked, query } = top(restaurants, [
      customer("I'd like Italian food tonight."),
      agent("Luigi's Trattoria is a nice Italian place in the centre."),
      customer("What time do they close?"),
      agent("At 11 pm."),
      customer("Can I bring my two kids?"),
      agent("Yes, they have high chairs."),
      customer("do they have outdoor seating?"),
    ]);
    expect(query.titles[0]).toEqual({ text: "Luigi's Trattoria", weight: 1 });
    expect(ranked[0]?.passage.sourceId).toBe("luigi");
    expect(ranked[0]?.passage.text).toContain("terrace");
  });

  it("follows the conversation to the restaurant named last", () => {
    const { ranked } = top(restaurants, [
      customer("Is Luigi's Trattoria open on Mondays?"),
      agent("Yes, every day from 6 pm."),
      customer("Hmm, what about the Golden Wok instead?"),
      agent("The Golden Wok is closed on Mondays."),
      customer("do they have outdoor seating?"),
    ]);
    expect(ranked[0]?.passage.sourceId).toBe("wok");
  });

  it("answers an on-topic question and abstains on an off-topic one", () => {
    expect(top(shop, [customer("How much does shipping to Spain cost?")]).verdict.answerable).toBe(true);
    const offTopic = top(shop, [customer("What is the capital of Australia?")]);
    expect(offTopic.verdict.answerable).toBe(false);
  });

  it("ranks the same candidates the same way whoever supplies them, in any order", () => {
    const query = contextualQuery([customer("refund to my card after a return")], shop.lexicon);
    const fromIndex = shop.search(query, null, 3);
    const candidates = shop.passages.map((passage) => ({ passage, terms: passageTerms(passage), vector: null }));
    const fromStore = rankPassages(query, null, [...candidates].reverse(), shop.stats, 3);
    expect(fromStore.map((r) => r.passage.id)).toEqual(fromIndex.map((r) => r.passage.id));
    expect(fromIndex[0]?.passage.headingPath).toEqual(["Returns", "Refund window"]);
  });
});
