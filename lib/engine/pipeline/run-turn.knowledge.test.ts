import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import type { TurnOutcome } from "../contracts/turn-outcome";
import { firstTurn } from "../testing/first-turn";
import { testPorts } from "../testing/fixed-ports";
import { createScriptedProvider, generated, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { withStorePolicies } from "../testing/store-policies";

// Knowledge through the whole pipeline on the demo agent and its Store policies (docs/knowledge.md):
// a question the policies answer is answered from them and cited; a question they do not answer,
// outside every scenario, is met with "I don't know" and no model call.

const embedder = createOfflineEmbedder();
let desk: CompiledAgent;
beforeAll(async () => {
  desk = await compileAgent(snapshotFromBundle(withStorePolicies(demo)), embedder);
});

const offline = () => testPorts(createOfflineProvider(), embedder);
const ask = (message: string, turnId = "t1") => firstTurn(desk, { message, turnId }, offline());
const knowledgeSpan = (outcome: TurnOutcome) => outcome.spans.find((s) => s.name === "knowledge");

describe("knowledge in a turn", () => {
  it("answers a shipping question from the Store policies, quoting them, and cites the passage", async () => {
    const outcome = await ask("How long does standard shipping take?");
    expect(outcome.outcome).toBe("answered");
    expect(outcome.response).toContain("3 to 5 business days");
    expect(outcome.provenance.knowledge).toMatchObject({ abstained: false, cited_by: "declared" });
    expect(outcome.provenance.knowledge?.citations).toEqual([
      expect.objectContaining({ source_id: "store-policies", source_title: "Store policies" }),
    ]);
    expect(knowledgeSpan(outcome)?.decision).toContain("Store policies");
  });

  it("says it does not know what the policies do not say, and offers a person", async () => {
    const outcome = await ask("Do you sell gift cards?");
    expect(outcome.outcome).toBe("abstained");
    expect(outcome.response).toBe(
      "I'm sorry, I don't have information about that, and I'd rather not guess. If you like, I can connect you with a member of our team.",
    );
    expect(outcome.provenance.knowledge).toMatchObject({ abstained: true, citations: [] });
    expect(outcome.modelCalls).toBe(0);
  });

  it("leaves a refund request to its scenario: knowledge does not answer what a scenario covers", async () => {
    const outcome = await ask("I want a refund for order 123, it arrived broken");
    expect(outcome.outcome).not.toBe("abstained");
    expect(outcome.provenance.scenario?.name).toBeTruthy();
  });

  it("hands the passages to the model as data and reads citations off the reply when it declares none", async () => {
    const model = createScriptedProvider({
      sense: [sensed()],
      generate: [generated("Standard shipping takes 3 to 5 business days and costs $4.90.")],
    });
    const outcome = await firstTurn(
      desk,
      { message: "How long does standard shipping take?", turnId: "t1" },
      testPorts(model, embedder),
    );
    const request = model.requestsOf("generate")[0];
    expect(request?.knowledge?.passages[0]).toMatchObject({ sourceTitle: "Store policies" });
    expect(outcome.provenance.knowledge).toMatchObject({ cited_by: "overlap" });
    expect(outcome.provenance.knowledge?.citations.length).toBeGreaterThan(0);
  });
});
