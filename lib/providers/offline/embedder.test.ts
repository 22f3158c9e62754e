import { describe, expect, it } from "vitest";
import { createOfflineEmbedder, createWordVectorEmbedder, dot, embedText } from "./embedder";

function norm(v: Float32Array): number {
  return Math.sqrt(dot(v, v));
}

describe("offline embedder", () => {
  it("returns one unit vector of the configured dimension per text", async () => {
    const embedder = createOfflineEmbedder(128);
    expect(embedder.name).toBe("offline-ngram");
    const vectors = await embedder.embed(["I want my money back", "", "?", "Ünïcödé text"]);
    expect(vectors).toHaveLength(4);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(128);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it("is deterministic and folds case and accents", async () => {
    const embedder = createOfflineEmbedder();
    const [a, b] = await embedder.embed(["Je suis en FRANCE, café", "je suis en france cafe"]);
    const [again] = await embedder.embed(["Je suis en FRANCE, café"]);
    expect(Array.from(a ?? [])).toEqual(Array.from(again ?? []));
    expect(dot(a ?? new Float32Array(), b ?? new Float32Array())).toBeCloseTo(1, 5);
  });

  it("scores paraphrases above unrelated text", () => {
    const refund = embedText("I want my money back", 256);
    expect(dot(refund, embedText("give me my money back", 256))).toBeGreaterThan(0.7);
    expect(dot(refund, embedText("what is the weather today", 256))).toBeLessThan(0.2);
    // Character 3-grams: inflections and typos still meet.
    expect(dot(embedText("refunded", 256), embedText("refund", 256))).toBeGreaterThan(0.6);
    const typo = embedText("kettel", 256);
    expect(dot(typo, embedText("kettle", 256))).toBeGreaterThan(dot(typo, embedText("toaster", 256)) + 0.1);
  });

  it("keeps numbers exact: order 123 is not order 1234", () => {
    expect(dot(embedText("123", 256), embedText("1234", 256))).toBeLessThan(0.1);
  });

  it("rejects a nonsensical dimension", () => {
    expect(() => createOfflineEmbedder(0)).toThrow(RangeError);
  });

  // Its speed (10,000 texts) is a benchmark figure, offline_embed_ms_10000 in `npm run bench`.
  it("embeds a batch into one unit vector per text, the same as one at a time", async () => {
    const embedder = createOfflineEmbedder();
    const texts = Array.from({ length: 1_000 }, (_, i) => `Customer ${i} wants a refund for order ${i * 7}, it broke`);
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(1_000);
    const [alone] = await embedder.embed([texts[999] ?? ""]);
    expect(Array.from(vectors[999] ?? [])).toEqual(Array.from(alone ?? []));
    const first = vectors[0] ?? new Float32Array(0);
    expect(dot(first, first)).toBeCloseTo(1, 5);
  });
});

describe("word-vector embedder", () => {
  const dimOf = async (text: string) => (await createWordVectorEmbedder().embed([text]))[0] ?? new Float32Array(0);

  it("names itself apart from the lexical embedder, so tapes say which one recorded them", () => {
    expect(createWordVectorEmbedder().name).toBe("offline-ngram-sg100d");
    expect(createWordVectorEmbedder().name).not.toBe(createOfflineEmbedder().name);
  });

  it("returns unit vectors of the lexical buckets plus 100 word-vector components", async () => {
    const vector = await dimOf("my card was declined at the shop");
    expect(vector).toHaveLength(256 + 100);
    expect(dot(vector, vector)).toBeCloseTo(1, 5);
  });

  it("brings together paraphrases that share no word, where the lexical embedder cannot", async () => {
    const pairs: [string, string, string][] = [
      ["cancel my reservation", "call off my booking", "how tall is everest"],
      ["my card got swallowed by the machine", "the atm ate my credit card", "book a table for two tonight"],
    ];
    for (const [message, paraphrase, unrelated] of pairs) {
      const [m, p, u] = await createWordVectorEmbedder().embed([message, paraphrase, unrelated]);
      const lexical = await createOfflineEmbedder().embed([message, paraphrase]);
      expect(dot(m ?? new Float32Array(0), p ?? new Float32Array(0))).toBeGreaterThan(
        dot(lexical[0] ?? new Float32Array(0), lexical[1] ?? new Float32Array(0)) + 0.05,
      );
      expect(dot(m ?? new Float32Array(0), p ?? new Float32Array(0))).toBeGreaterThan(
        dot(m ?? new Float32Array(0), u ?? new Float32Array(0)) + 0.1,
      );
    }
  });

  it("gives a text without a known word its lexical vector alone", async () => {
    const vector = await dimOf("zxqv 123");
    expect(Array.from(vector.subarray(0, 256))).toEqual(Array.from(embedText("zxqv 123", 256)));
    expect(vector.subarray(256).every((x) => x === 0)).toBe(true);
  });
});
