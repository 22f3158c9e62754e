import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import type { Span } from "../contracts/turn-outcome";
import { firstTurn } from "../testing/first-turn";
import { staticToolRunner, testPorts } from "../testing/fixed-ports";
import { createScriptedProvider, generated, judged, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
});

const script = () =>
  createScriptedProvider({
    sense: [
      sensed({
        detected_intent: "refund_request",
        intent_confidence: 0.95,
        entities: { order_id: "123", country: "France" },
      }),
    ],
    generate: [
      generated("I'll process a $75 refund to your original payment method.", {
        refund_amount: { amount: 75, currency: "USD" },
      }),
      generated("I can refund $50 now; a specialist will review the rest within 2 business days.", {
        refund_amount: { amount: 50, currency: "USD" },
      }),
    ],
    judge: () => judged(true),
  });
const input = { message: "I'm in France and want a refund for order 123", turnId: "t1" };

describe("runTurn's onStage", () => {
  it("is told each span as its stage completes, in order, and changes nothing in the outcome", async () => {
    const told: Span[] = [];
    let calledBeforeEnd = false;
    const withListener = await firstTurn(agent, input, testPorts(script(), embedder, staticToolRunner()), {
      onStage: (span) => {
        told.push({ ...span });
        calledBeforeEnd = true;
      },
    });
    const without = await firstTurn(agent, input, testPorts(script(), embedder, staticToolRunner()));
    expect(calledBeforeEnd).toBe(true);
    expect(told).toEqual(withListener.spans);
    expect(told.map((s) => s.name)).toContain("regeneration");
    expect(withListener).toEqual(without);
  });

  it("a listener that throws does not touch the turn", async () => {
    const out = await firstTurn(agent, input, testPorts(script(), embedder, staticToolRunner()), {
      onStage: () => {
        throw new Error("listener broke");
      },
    });
    expect(out.outcome).toBe("regenerated");
  });
});
