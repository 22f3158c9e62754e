import { describe, expect, it } from "vitest";
import { mentionedTitles, titleLexicon } from "./title-mentions";

const lexicon = titleLexicon([
  "Hotel Alpina",
  "Hotel Bristol",
  "Hotel Central",
  "A and B Guest House",
  "Nandos",
  "Nandos City Centre",
  "Rice House",
  "Rice Boat",
]);

describe("mentionedTitles", () => {
  it("finds a title by its distinctive words, whatever the case", () => {
    expect(mentionedTitles(lexicon, "is breakfast included at the alpina?")).toEqual(["Hotel Alpina"]);
  });

  it("names no title with a word many titles share", () => {
    expect(mentionedTitles(lexicon, "Does the hotel have a pool?")).toEqual([]);
  });

  it("needs a title of short words whole", () => {
    expect(mentionedTitles(lexicon, "Plan B: a guest room elsewhere")).toEqual([]);
    expect(mentionedTitles(lexicon, "I booked the A and B Guest House")).toEqual(["A and B Guest House"]);
  });

  it("names the most specific of two titles sharing words", () => {
    expect(mentionedTitles(lexicon, "It sounds like you want Nandos City Centre.")).toEqual(["Nandos City Centre"]);
    expect(mentionedTitles(lexicon, "How about the Rice Boat?")).toEqual(["Rice Boat"]);
    expect(mentionedTitles(lexicon, "Nandos is cheap")).toEqual(["Nandos"]);
  });
});
