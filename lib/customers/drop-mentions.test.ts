import { describe, expect, it } from "vitest";
import { dropMentions, FORGOTTEN, mentionsAny } from "./drop-mentions";

const gone = "0b6f3a52-1c1e-4d55-9a57-0c3c3f1f0e01";
const kept = "7d2f0c11-5b7a-4c1e-8f3e-2b1a0c9d8e7f";
const ids = new Set([gone]);

describe("dropMentions", () => {
  it("drops the replayed turns of a forgotten session with their replies, keeping the others and the counts", () => {
    const report = {
      counts: { turns: 2, changed: 1 },
      turns: [
        { sessionId: gone, turnId: kept, before: { reply: "Refund for Alice" } },
        { sessionId: kept, turnId: kept, before: { reply: "Kettle price" } },
      ],
    };
    expect(dropMentions(report, ids)).toEqual({
      counts: { turns: 2, changed: 1 },
      turns: [{ sessionId: kept, turnId: kept, before: { reply: "Kettle price" } }],
    });
  });

  it("drops an id from a list, a key named by it, and blanks a sentence naming it, in any letter case", () => {
    const stored = { ids: [gone, kept], byId: { [gone.toUpperCase()]: 1 }, error: `No session ${gone}.` };
    expect(dropMentions(stored, ids)).toEqual({ ids: [kept], byId: {}, error: FORGOTTEN });
    expect(mentionsAny(stored, ids)).toBe(true);
    expect(mentionsAny({ ids: [kept], n: 3 }, ids)).toBe(false);
  });
});
