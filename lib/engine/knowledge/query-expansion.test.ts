import { describe, expect, it } from "vitest";
import { contextualQuery } from "./contextual-query";
import { expandQuery, nearestTerms, type Vocabulary } from "./query-expansion";

// Three-dimensional "word vectors": beer and alcohol point the same way, parking elsewhere.
const VECTORS: Record<string, number[]> = {
  beer: [1, 0, 0],
  alcohol: [0.8, 0.6, 0],
  wine: [0.9, 0.44, 0],
  parking: [0, 0, 1],
};
const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / norm);
};
const vocabulary: Vocabulary = {
  words: ["alcohol", "parking"],
  stems: ["alcohol", "park"],
  matrix: Float32Array.from([...unit(VECTORS.alcohol ?? []), ...unit(VECTORS.parking ?? [])]),
  dim: 3,
};

describe("expandQuery", () => {
  it("adds the knowledge base's nearest words to the message's, below the message's own weight", () => {
    const query = contextualQuery([{ role: "customer", text: "Do they have good beer?" }]);
    const near = nearestTerms("beer", unit(VECTORS.beer ?? []), vocabulary);
    expect(near.map((n) => n.term)).toEqual(["alcohol"]);
    const expanded = expandQuery(query, new Map([["beer", near]]));
    expect(expanded.terms.get("beer")).toBe(1);
    expect(expanded.terms.get("alcohol")).toBeGreaterThan(0.3);
    expect(expanded.terms.get("alcohol")).toBeLessThan(1);
    expect(expanded.terms.has("park")).toBe(false);
  });

  it("leaves a query whose words have no neighbour as it was", () => {
    const query = contextualQuery([{ role: "customer", text: "Do they have good beer?" }]);
    expect(expandQuery(query, new Map()).terms).toEqual(query.terms);
  });
});
