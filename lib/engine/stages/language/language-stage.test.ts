import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../../compile/compile-agent";
import { resolveAgentSettings } from "../../contracts/agent-settings";
import { firstMessage, firstTurn } from "../../testing/first-turn";
import { testPorts } from "../../testing/fixed-ports";
import { createScriptedProvider, generated, sensed } from "../../testing/scripted-provider";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";

// The language stage through the whole pipeline (README): the reply is asked for in the customer's
// language, English requests are unchanged, and a clearly unsupported language is answered politely
// without a model call.

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
let englishOnly: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
  const settings = resolveAgentSettings({ ...demo.agent.settings, language: { allowed: ["en", "fr"] } });
  englishOnly = await compileAgent({ ...snapshotFromBundle(demo), settings }, embedder);
});

const turn = (compiled: CompiledAgent, message: string, model = createScriptedProvider({})) =>
  firstTurn(compiled, { message, turnId: "t1" }, testPorts(model, embedder));

describe("language stage", () => {
  it("asks the model for a French reply to a French message and records both languages", async () => {
    const model = createScriptedProvider({ sense: () => sensed(), generate: () => generated("Bien sûr.") });
    const out = await turn(agent, "Bonjour, je voudrais savoir où est mon colis s'il vous plaît", model);
    expect(model.requestsOf("generate")[0]?.replyLanguage).toEqual({ code: "fr", name: "French" });
    expect(out.provenance.language).toEqual({ detected: "fr", reply: "fr" });
    const span = out.spans.find((s) => s.name === "language");
    expect(span?.decision).toBe("fr (by function words) → reply in fr");
  });

  it("leaves an English request as it was: no language in it, so recorded tapes still match", async () => {
    const model = createScriptedProvider({ sense: () => sensed(), generate: () => generated("Sure.") });
    const out = await turn(agent, "Where is my parcel? It has been two weeks", model);
    expect(model.requestsOf("generate")[0]).not.toHaveProperty("replyLanguage");
    expect(out.provenance.language).toEqual({ detected: "en", reply: "en" });
  });

  it("answers a message in a language the agent does not speak with its reply, and no model call", async () => {
    const model = createScriptedProvider({});
    const out = await turn(englishOnly, "Ich möchte wissen, wo mein Paket ist", model);
    expect(out.outcome).toBe("clarified");
    expect(out.response).toBe(englishOnly.snapshot.settings.language.unsupported_reply);
    expect(out.modelCalls).toBe(0);
    expect(out.spans.map((s) => s.name)).toEqual(["privacy", "input_safety", "language"]);
    expect(out.provenance.language).toEqual({ detected: "de", reply: "en" });
  });

  it("never refuses a message whose language is not clear: it is answered in the default language", async () => {
    const model = createScriptedProvider({ sense: () => sensed(), generate: () => generated("Sure.") });
    const out = await turn(englishOnly, "ok 123", model);
    expect(out.outcome).not.toBe("clarified");
    expect(out.provenance.language).toEqual({ detected: null, reply: "en" });
    expect(model.requestsOf("generate")[0]).not.toHaveProperty("replyLanguage");
  });

  it("the offline provider answers in English and says which language a model would have used", async () => {
    const out = await firstMessage(
      agent,
      "Quiero un reembolso del pedido 123, por favor",
      "t1",
      createOfflineProvider(),
      embedder,
    );
    expect(out.provenance.language).toEqual({ detected: "es", reply: "es" });
    expect(out.response).toMatch(/with a model, this reply would be in Spanish\.\)$/);
  });
});
