import { describe, expect, it } from "vitest";
import { chunkSource } from "./chunk-source";
import { KnowledgeSourceSchema } from "./knowledge-source";

const POLICY = `# Returns

You can return any item within 30 days of delivery.

## Refund window

Refunds reach your card within 5 business days after we receive the item.

## Damaged items

Send us a photo of the damage and we replace the item free of charge.

# Shipping

\`\`\`
# not a heading: inside a code fence
\`\`\`

Orders ship from our warehouse in Lyon.
`;

describe("chunkSource", () => {
  it("keeps each passage's heading path, outermost first", () => {
    const passages = chunkSource({ kind: "markdown", id: "policy", title: "Store policy", text: POLICY });
    expect(passages.map((p) => p.headingPath)).toEqual([
      ["Returns"],
      ["Returns", "Refund window"],
      ["Returns", "Damaged items"],
      ["Shipping"],
    ]);
    expect(passages[1]?.text).toBe("Refunds reach your card within 5 business days after we receive the item.");
  });

  it("gives offsets into the source text", () => {
    const passages = chunkSource({ kind: "markdown", id: "policy", title: "Store policy", text: POLICY });
    for (const passage of passages) expect(POLICY.slice(passage.start, passage.end)).toBe(passage.text);
  });

  it("keeps a code fence whole, its # lines included", () => {
    const shipping = chunkSource({ kind: "markdown", id: "policy", title: "Store policy", text: POLICY }).at(-1);
    expect(shipping?.text).toContain("# not a heading");
    expect(shipping?.text).toContain("warehouse in Lyon");
  });

  it("gives the same text the same passage id, wherever it sits, and different text another", () => {
    const a = chunkSource({ kind: "markdown", id: "v1", title: "Policy", text: "# Returns\n\nWithin 30 days." });
    const b = chunkSource({
      kind: "markdown",
      id: "v2",
      title: "Policy",
      text: "Intro paragraph long enough to stand alone.\n\n# Returns\n\nWithin   30 days.\n",
    });
    const c = chunkSource({ kind: "markdown", id: "v3", title: "Policy", text: "# Returns\n\nWithin 60 days." });
    expect(a[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(b.map((p) => p.id)).toContain(a[0]?.id);
    expect(c[0]?.id).not.toBe(a[0]?.id);
  });

  it("bounds passage size and cuts a long paragraph at sentence ends", () => {
    const sentence = "Our support team answers every message within one business day. ";
    const text = sentence.repeat(60).trim();
    const passages = chunkSource({ kind: "text", id: "long", title: "Support", text });
    expect(passages.length).toBeGreaterThan(2);
    for (const passage of passages) {
      expect(passage.text.length).toBeLessThanOrEqual(1_400);
      expect(passage.text.endsWith(".")).toBe(true);
    }
  });

  it("joins a short lead-in to the paragraph it introduces", () => {
    const text = `You can pay with:\n\n${"Visa, Mastercard and American Express cards, bank transfer and PayPal. ".repeat(4)}`;
    const passages = chunkSource({ kind: "text", id: "pay", title: "Payments", text });
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text.startsWith("You can pay with:")).toBe(true);
  });

  it("makes one passage per FAQ entry with its question and answer", () => {
    const passages = chunkSource({
      kind: "faq",
      id: "faq",
      title: "Hotel Alpina",
      entries: [
        { question: "Are pets allowed?", answer: "Dogs are welcome for 10 EUR a night.", section: "Rooms" },
        { question: "Is breakfast included?", answer: "Yes, from 7 to 10 am." },
      ],
    });
    expect(passages).toHaveLength(2);
    expect(passages[0]?.text).toBe("Are pets allowed?\nDogs are welcome for 10 EUR a night.");
    expect(passages[0]?.headingPath).toEqual(["Rooms"]);
    expect(passages[1]?.headingPath).toEqual([]);
    expect(passages[1]?.title).toBe("Hotel Alpina");
  });

  it("refuses a FAQ entry without an answer before any passage is made", () => {
    const parsed = KnowledgeSourceSchema.safeParse({
      kind: "faq",
      id: "faq",
      title: "Hotel Alpina",
      entries: [{ question: "Are pets allowed?", answer: "" }],
    });
    expect(parsed.success).toBe(false);
  });
});
