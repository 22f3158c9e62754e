import { describe, expect, it } from "vitest";
import { PrivacySettings } from "@/lib/engine/contracts/privacy-settings";
import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import { staticToolRunner } from "@/lib/engine/testing/fixed-ports";
import { toolsWithRealValues } from "./real-value-tools";
import type { SessionVault } from "./session-vault";
import { openValue, sealValue } from "./vault-cipher";

const CARD = "4111 1111 1111 1111";
const vault: SessionVault = {
  port: { placeholderFor: () => "[CARD_1]" },
  realValueOf: (placeholder) => (placeholder === "[CARD_1]" ? CARD : undefined),
  restore: (text) => text,
  save: async () => {},
};
const tool = (key: string): EngineTool => ({
  id: key,
  key,
  name: key,
  description: "",
  kind: "static",
  inputSchema: {},
  output: { data: {} },
});

describe("tools and real values", () => {
  it("a tool the settings allow gets the real values in its input; any other tool gets placeholders", async () => {
    const inner = staticToolRunner();
    const settings = PrivacySettings.config.parse({ tools: { charge_card: { receives_real_values: true } } });
    const tools = toolsWithRealValues(inner, vault, settings);
    const input = { card: "[CARD_1]", note: ["pay with [CARD_1]", "[CARD_2]"], amount: 5 };
    await tools.run(tool("charge_card"), input);
    await tools.run(tool("lookup_order"), input);
    expect(inner.calls).toEqual([
      { key: "charge_card", input: { card: CARD, note: [`pay with ${CARD}`, "[CARD_2]"], amount: 5 } },
      { key: "lookup_order", input },
    ]);
  });

  it("drops the request as sent of a call given real values: it would carry them into the tape and the trace", async () => {
    const sent = { method: "GET", url: `https://pay.example.com/?card=${CARD}`, headers: {} };
    const inner = { run: async () => ({ ok: true as const, output: {}, durationMs: 1, request: sent }) };
    const settings = PrivacySettings.config.parse({ tools: { charge_card: { receives_real_values: true } } });
    const tools = toolsWithRealValues(inner, vault, settings);
    expect(await tools.run(tool("charge_card"), { card: "[CARD_1]" })).toEqual({ ok: true, output: {}, durationMs: 1 });
    expect((await tools.run(tool("lookup_order"), {})).request).toEqual(sent);
  });
});

describe("the vault cipher", () => {
  const key = Buffer.alloc(32, 7);
  it("opens what it sealed, and nothing sealed for another row, another key or altered", () => {
    const sealed = sealValue(key, "s1", "[CARD_1]", CARD);
    expect(sealed).not.toContain("4111");
    expect(openValue(key, "s1", "[CARD_1]", sealed)).toBe(CARD);
    expect(() => openValue(key, "s2", "[CARD_1]", sealed)).toThrow();
    expect(() => openValue(key, "s1", "[CARD_2]", sealed)).toThrow();
    expect(() => openValue(Buffer.alloc(32, 8), "s1", "[CARD_1]", sealed)).toThrow();
    // The body's first character carries 6 bits of ciphertext (its last ones may be padding only).
    const [version, iv, tag, body = ""] = sealed.split(".");
    const altered = [version, iv, tag, `${body.startsWith("A") ? "B" : "A"}${body.slice(1)}`].join(".");
    expect(() => openValue(key, "s1", "[CARD_1]", altered)).toThrow();
    expect(() => openValue(key, "s1", "[CARD_1]", "v1.garbage")).toThrow();
  });

  it("seals the same value differently each time (a fresh IV)", () => {
    expect(sealValue(key, "s1", "[CARD_1]", CARD)).not.toBe(sealValue(key, "s1", "[CARD_1]", CARD));
  });
});
