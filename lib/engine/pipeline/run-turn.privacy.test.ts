import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { resolveAgentSettings } from "../contracts/agent-settings";
import type { Embedder } from "../ports";
import { turnLocalVault } from "../stages/privacy/mask-pii";
import { restorePlaceholders } from "../stages/privacy/restore-placeholders";
import { firstMessage, firstTurn } from "../testing/first-turn";
import { testPorts } from "../testing/fixed-ports";
import { createScriptedProvider, generated, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";

// The privacy stage through the whole pipeline: nothing after it sees a planted value.

const CARD = "4111 1111 1111 1111";
const EMAIL = "jane.doe@example.com";
const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
});

/** The offline embedder, keeping every text it was asked to embed. */
function listeningEmbedder(): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    name: embedder.name,
    texts,
    embed: (batch) => {
      texts.push(...batch);
      return embedder.embed(batch);
    },
  };
}

describe("privacy stage in runTurn", () => {
  it("the model, the embedder, the spans and the session see placeholders; the reply restores them", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: null, intent_confidence: 0.2 })],
      generate: [generated("Thanks, I have noted the card [CARD_1] and will write to [EMAIL_1].")],
    });
    const listening = listeningEmbedder();
    const vault = turnLocalVault();
    const out = await firstTurn(
      agent,
      { message: `Refund to my card ${CARD} and tell ${EMAIL}`, turnId: "p1" },
      { ...testPorts(model, listening), vault },
    );
    const seen = JSON.stringify({ calls: model.calls, texts: listening.texts, spans: out.spans, out });
    expect(seen).not.toContain("4111");
    expect(seen).not.toContain(EMAIL);
    expect(out.message).toBe("Refund to my card [CARD_1] and tell [EMAIL_1]");
    expect(out.spans[0]).toMatchObject({ name: "privacy", decision: "masked CARD ×1, EMAIL ×1" });
    expect(out.session.history[0]?.text).toBe(out.message);

    const values = new Map([
      [vault.placeholderFor({ label: "CARD", value: CARD, normalized: "4111111111111111" }), CARD],
      [vault.placeholderFor({ label: "EMAIL", value: EMAIL, normalized: EMAIL }), EMAIL],
    ]);
    expect(restorePlaceholders(out.response, (p) => values.get(p))).toBe(
      `Thanks, I have noted the card ${CARD} and will write to ${EMAIL}.`,
    );
  });

  it("a message made only of personal data still runs the turn", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: null, intent_confidence: 0.2 })],
      generate: [generated("What would you like me to do with [CARD_1]?")],
    });
    const out = await firstMessage(agent, CARD, "p2", model, embedder);
    expect(out.message).toBe("[CARD_1]");
    expect(out.outcome).not.toBe("error");
    expect(out.response.length).toBeGreaterThan(0);
  });

  it("an agent that masks nothing passes the message through unchanged", async () => {
    const settings = resolveAgentSettings({ privacy: { mask: [] } });
    const open = await compileAgent({ ...snapshotFromBundle(demo), settings }, embedder);
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: null, intent_confidence: 0.2 })],
      generate: [generated("Noted.")],
    });
    const out = await firstTurn(open, { message: `mail ${EMAIL}`, turnId: "p3" }, testPorts(model, embedder));
    expect(out.message).toBe(`mail ${EMAIL}`);
    expect(out.spans[0]?.decision).toBe("nothing to mask");
  });
});
