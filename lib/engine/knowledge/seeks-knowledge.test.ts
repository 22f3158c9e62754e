import { describe, expect, it } from "vitest";
import { seeksKnowledge } from "./seeks-knowledge";

describe("seeksKnowledge", () => {
  it("takes a question about the business as seeking knowledge", () => {
    expect(seeksKnowledge("Do they have outdoor seating?")).toBe(true);
    expect(seeksKnowledge("is the wifi free")).toBe(true);
    expect(seeksKnowledge("What's your refund window?")).toBe(true);
  });

  it("takes a request to act as not seeking knowledge, even phrased as a question", () => {
    expect(seeksKnowledge("Can you book me a table for 4 at 7 pm?")).toBe(false);
    expect(seeksKnowledge("I'm looking for a cheap hotel in the north.")).toBe(false);
    expect(seeksKnowledge("Great, thanks, that's all.")).toBe(false);
  });
});
