import canonicalize from "canonicalize";
import { describe, expect, it } from "vitest";
import { canonicalAroundSeq, type HashedLedgerEvent, ledgerHash, ledgerHashAt } from "./hash";

const event: HashedLedgerEvent = {
  seq: 0,
  chain: "5f0c7a4e-8f1b-4d3a-9a52-0b6f1d2e3c4d",
  id: "0b6f1d2e-3c4d-4a52-8f1b-5f0c7a4e9d3a",
  type: "TURN_COMPLETED",
  actor: "api-key:fk_abc",
  actor_kind: "api_key",
  agent_id: null,
  request_id: 'req "seq":0',
  occurred_at: "2026-12-07T22:00:00.000Z",
  // A payload that itself holds a "seq":0 must not be taken for the event's position.
  payload: { seq: 0, nested: { seq: 0 }, text: "é ✓ 𝄞", turn_index: 3 },
};

describe("the canonical JSON around an event's position", () => {
  it("is the event's canonical JSON with its position put in, for any position", () => {
    const { before, after } = canonicalAroundSeq(event);
    for (const seq of [1, 9, 10, 12345, 9007199254740991]) {
      expect(`${before}${seq}${after}`).toBe(canonicalize({ ...event, seq }));
      expect(ledgerHashAt("ab".repeat(32), { before, after }, seq)).toBe(
        ledgerHash("ab".repeat(32), { ...event, seq }),
      );
    }
  });

  it("holds for a global event, which carries no chain", () => {
    const { chain: _chain, ...global } = event;
    const { before, after } = canonicalAroundSeq(global);
    expect(`${before}42${after}`).toBe(canonicalize({ ...global, seq: 42 }));
  });
});
