import { describe, expect, it } from "vitest";
import { emptySessionState } from "../../contracts/session-state";
import type { ToolCall } from "../tools/run-tools";
import {
  EVIDENCE_TEXT_MAX,
  evidenceText,
  resolveEvidence,
  SENSE_EVIDENCE_MAX_ITEMS,
  SENSE_EVIDENCE_TEXT_MAX,
  sensingEvidence,
} from "./session-evidence";

const session = {
  ...emptySessionState(),
  variables: { order_amount: 75, market_note: "only top 5 have reliable feeds", empty: null },
  profile: { tier: "gold", country: "France" },
};
const lookup: ToolCall = {
  toolId: "tool:lookup",
  key: "lookup_order",
  name: "Look up order",
  input: {},
  ok: true,
  detail: "",
  durationMs: 0,
  output: { status: "delivered" },
  variablesSet: [],
};

describe("session evidence (a candidate cites evidence by id)", () => {
  it("offers the sensor variables then profile fields, by name, in the validator's format", () => {
    expect(sensingEvidence(session)).toEqual({
      items: [
        { id: "var:market_note", text: 'market_note: "only top 5 have reliable feeds"' },
        { id: "var:order_amount", text: "order_amount: 75" },
        { id: "profile:country", text: 'country: "France"' },
        { id: "profile:tier", text: 'tier: "gold"' },
      ],
      total: 4,
    });
    // Each offered text is exactly what the validator resolves the id to.
    for (const item of sensingEvidence(session).items) expect(evidenceText(item.id, session, [])).toBe(item.text);
  });

  it(`is bounded: at most ${SENSE_EVIDENCE_MAX_ITEMS} items of ${SENSE_EVIDENCE_TEXT_MAX} characters`, () => {
    const variables: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) variables[`v${String(i).padStart(2, "0")}`] = "x".repeat(5000);
    const { items, total } = sensingEvidence({ ...emptySessionState(), variables });
    expect(total).toBe(40);
    expect(items).toHaveLength(SENSE_EVIDENCE_MAX_ITEMS);
    expect(items[0]?.id).toBe("var:v00");
    expect(Math.max(...items.map((i) => i.text.length))).toBe(SENSE_EVIDENCE_TEXT_MAX);
    expect(evidenceText("var:v00", { ...emptySessionState(), variables }, [])).toHaveLength(EVIDENCE_TEXT_MAX);
  });

  it("resolves tool ids against this turn's successful calls and drops ids that name nothing", () => {
    const resolved = resolveEvidence(
      ["tool:lookup_order", "var:market_note", "var:market_note", "var:empty", "profile:nope", "made-up", "tool:x"],
      session,
      [lookup, { ...lookup, key: "x", ok: false }],
    );
    expect(resolved.found).toEqual([
      { id: "tool:lookup_order", text: '{"status":"delivered"}' },
      { id: "var:market_note", text: 'market_note: "only top 5 have reliable feeds"' },
    ]);
    expect(resolved.dropped).toEqual(["var:empty", "profile:nope", "made-up", "tool:x"]);
  });

  it("keeps a name that itself has a colon", () => {
    const withColon = { ...emptySessionState(), variables: { "a:b": 1 } };
    expect(evidenceText("var:a:b", withColon, [])).toBe("a:b: 1");
  });
});
