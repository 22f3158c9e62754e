import { describe, expect, it } from "vitest";
import { BusyError } from "@/lib/server/errors";
import { conversionGate } from "./conversion-slots";

// At most `running` conversions at once, `waiting` more queued in arrival order, and one more refused
// at once with 503 and Retry-After (docs/knowledge.md#uploaded-files).

function deferred() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe("conversionGate", () => {
  it("runs 2 at once, queues 3 in order, refuses the sixth with Retry-After, and frees slots as work ends", async () => {
    const gate = conversionGate({ running: 2, waiting: 3 });
    const started: number[] = [];
    const works = Array.from({ length: 5 }, () => deferred());
    const runs = works.map((work, i) =>
      gate.run(async () => {
        started.push(i);
        await work.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);

    const refused = await gate.run(async () => "never").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusyError);
    expect(refused).toMatchObject({ httpStatus: 503, code: "UNAVAILABLE", retryAfterSeconds: 30 });

    works[1]?.finish();
    expect(await runs[1]).toBe(1);
    expect(started).toEqual([0, 1, 2]);
    // A queued place freed: one more waits instead of being refused.
    const sixth = gate.run(async () => "sixth");
    for (const work of works) work.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(await sixth).toBe("sixth");
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("gives the slot back when the work fails", async () => {
    const gate = conversionGate({ running: 1, waiting: 0 });
    await expect(gate.run(async () => Promise.reject(new Error("unreadable")))).rejects.toThrow("unreadable");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
