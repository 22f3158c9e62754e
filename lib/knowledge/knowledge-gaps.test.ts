import { describe, expect, it } from "vitest";
import { type GapTurn, gapTerms, groupGaps } from "./knowledge-gaps";

let n = 0;
function turn(text: string, minute: number, configVersion = 1): GapTurn {
  n++;
  return {
    turnId: `t${n}`,
    sessionId: `s${n}`,
    text,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
    configVersion,
  };
}

describe("groupGaps", () => {
  it("groups near-identical questions, most asked first, with the commonest phrasing and the newest examples", () => {
    const turns = [
      turn("Do you sell gift cards?", 1),
      turn("do you sell gift cards", 2),
      turn("Can I buy a gift card?", 3, 2),
      turn("DO YOU SELL GIFT CARDS??", 4),
      turn("Do you ship to Spain?", 5),
      turn("Do you ship to Canada?", 6),
    ];
    const groups = groupGaps(turns);
    expect(groups.map((g) => [g.question, g.count])).toEqual([
      ["DO YOU SELL GIFT CARDS??", 4],
      ["Do you ship to Canada?", 1],
      ["Do you ship to Spain?", 1],
    ]);
    const [gifts] = groups;
    expect(gifts?.lastSeen).toEqual(new Date(Date.UTC(2026, 0, 1, 0, 4)));
    expect(gifts?.lastVersion).toBe(2);
    // Distinct phrasings first (newest first), then the newest of the rest: three in all.
    expect(gifts?.examples.map((e) => e.text)).toEqual([
      "DO YOU SELL GIFT CARDS??",
      "Can I buy a gift card?",
      "do you sell gift cards",
    ]);
  });

  it("does not depend on the order the turns arrive in", () => {
    const turns = [
      turn("What are your opening hours on Sunday?", 1),
      turn("Are you open on Sunday?", 2),
      turn("sunday opening hours", 3),
      turn("Do you sell gift cards?", 4),
    ];
    const forward = groupGaps(turns);
    const backward = groupGaps([...turns].reverse());
    expect(backward).toEqual(forward);
    expect(forward.map((g) => g.count)).toEqual([3, 1]);
  });

  it("keeps questions without a content word apart unless worded alike", () => {
    const groups = groupGaps([turn("Why?", 1), turn("why", 2), turn("How?", 3)]);
    expect(groups.map((g) => g.count)).toEqual([2, 1]);
    expect(gapTerms("Why?")).toEqual([]);
  });

  it("answers nothing for no turns", () => {
    expect(groupGaps([])).toEqual([]);
  });
});
