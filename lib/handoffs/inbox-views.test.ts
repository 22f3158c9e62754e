import { describe, expect, it } from "vitest";
import { formatWait, waitLevel } from "./inbox-views";

describe("the queue's waiting time", () => {
  it("is within target up to it, amber past it and red past twice it (default 2 min)", () => {
    expect(waitLevel(120, 120)).toBe("ok");
    expect(waitLevel(121, 120)).toBe("over");
    expect(waitLevel(240, 120)).toBe("over");
    expect(waitLevel(241, 120)).toBe("far-over");
  });

  it("reads in seconds, then minutes, then hours", () => {
    expect(formatWait(45.9)).toBe("45 s");
    expect(formatWait(185)).toBe("3 min 05 s");
    expect(formatWait(3720)).toBe("1 h 02 min");
    expect(formatWait(-3)).toBe("0 s");
  });
});
