import { describe, expect, it } from "vitest";
import type { Embedder } from "../ports";
import { chunkSource } from "./chunk-source";
import { type ConversationTurn, contextualQuery } from "./contextual-query";
import type { KnowledgeSource } from "./knowledge-source";
import { buildMemoryIndex } from "./memory-index";
import { termAssociations } from "./term-associations";

/** A FAQ source from its question and answer pairs. */
const faq = (id: string, title: string, entries: [string, string][]): KnowledgeSource => ({
  kind: "faq",
  id,
  title,
  entries: entries.map(([question, answer]) => ({ question, answer })),
});

// Two hotels say "internet" and "WiFi" in one entry; the third says only "WiFi".
const HOTELS: KnowledgeSource[] = [
  faq("park", "Park Inn", [
    ["Is there WiFi?", "Free WiFi internet is available."],
    ["Do you have parking?", "Yes, parking is free for guests."],
  ]),
  faq("hill", "Hill House", [
    ["Is there a charge to use the internet?", "Use of WiFi costs nothing."],
    ["Are pets allowed?", "No, pets are not allowed at Hill House."],
  ]),
  faq("elm", "Elm Lodge", [
    ["Is WiFi available in the rooms?", "Yes, WiFi reaches every room of Elm Lodge."],
    ["Is breakfast included?", "Breakfast costs 10 GBP per person."],
    ["What time is check-in?", "Check-in is from 3 pm."],
  ]),
];

// Two bars say "drinks" with "alcohol"; the third's entry says only "alcohol".
const BARS: KnowledgeSource[] = [
  faq("anchor", "The Anchor", [["Do you serve alcohol?", "Yes, alcohol drinks are served at the bar."]]),
  faq("crown", "The Crown", [["Is alcohol served?", "We serve alcohol drinks and cocktails."]]),
  faq("lotus", "Lotus Garden", [
    ["Is alcohol served here?", "Yes, Lotus Garden serves alcohol with dinner."],
    ["Do you have vegetarian options?", "Yes, several vegetarian dishes."],
    ["Can I book a table?", "Yes, reservations are taken by phone."],
  ]),
];

// Word vectors where "beer" is near "drinks" and nothing else is known.
const WORD_VECTORS: Record<string, number[]> = { beer: [1, 0, 0], drinks: [0.9, 0.436, 0] };
const wordEmbedder: Embedder = {
  name: "test-words",
  async embed(texts) {
    return texts.map((text) => Float32Array.from(WORD_VECTORS[text] ?? [0, 0, 0]));
  },
};

const customer = (text: string): ConversationTurn => ({ role: "customer", text });
const agent = (text: string): ConversationTurn => ({ role: "agent", text });

describe("termAssociations", () => {
  const associations = termAssociations(HOTELS.flatMap(chunkSource));

  it("links a rarer word to the more common word the knowledge base says it with", () => {
    expect(associations.get("internet")?.[0]).toEqual({ term: "wifi", confidence: 1 });
  });

  it("does not link the common word back, nor a source's name to its passages' words", () => {
    expect(associations.has("wifi")).toBe(false);
    expect(associations.has("elm")).toBe(false);
    expect([...associations.values()].flat().map((a) => a.term)).not.toContain("lodg");
  });
});

describe("a knowledge search with the knowledge base's associations", () => {
  it('finds the hotel\'s "WiFi" entry for a question about its "internet", without word vectors', async () => {
    const index = await buildMemoryIndex(HOTELS.flatMap(chunkSource));
    const turns = [
      customer("Tell me about Elm Lodge."),
      agent("Elm Lodge is a guesthouse in the east, moderately priced."),
      customer("Can I rely on their internet connection?"),
    ];
    const query = await index.expand(contextualQuery(turns, index.lexicon));
    const [first] = index.search(query, null, 3);
    expect(first?.passage.sourceId).toBe("elm");
    expect(first?.passage.text).toContain("WiFi reaches every room");
    expect(first?.lexical).toBeGreaterThan(0);
  });

  it('reaches "alcohol" from "beer" through its word-vector neighbour "drinks"', async () => {
    const index = await buildMemoryIndex(BARS.flatMap(chunkSource), undefined, wordEmbedder);
    const turns = [
      customer("Tell me about Lotus Garden."),
      agent("Lotus Garden is a Chinese restaurant in the centre."),
      customer("Do they have a good choice of beer?"),
    ];
    const query = await index.expand(contextualQuery(turns, index.lexicon));
    expect(query.terms.get("alcohol")).toBeGreaterThan(0);
    const [first] = index.search(query, null, 3);
    expect(first?.passage.text).toContain("serves alcohol with dinner");
  });
});
