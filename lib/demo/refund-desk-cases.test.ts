import { beforeAll, describe, expect, it } from "vitest";
import { type CompiledAgent, compileAgent } from "@/lib/engine/compile/compile-agent";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { runCaseOnce } from "@/lib/engine/conversation-tests/run-case";
import { staticToolRunner } from "@/lib/engine/testing/fixed-ports";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import demo from "./refund-desk.bundle.json";

// The demo's own conversation tests on the offline provider: what a new designer sees when they press
// Run on the Tests page before configuring a model.

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
});

async function run(key: string) {
  const found = demo.tests.find((t) => t.key === key);
  if (!found) throw new Error(`the demo has no test ${key}`);
  return runCaseOnce(agent, BundleTestCase.parse(found), {
    mode: "offline",
    model: createOfflineProvider(),
    embedder,
    tools: staticToolRunner(),
  });
}

describe("the Refund desk's conversation tests, offline", () => {
  it.each(demo.tests.map((t) => t.key))("%s passes", async (key) => {
    const result = await run(key);
    expect(result.error).toBeNull();
    expect(result.failures).toEqual([]);
  });

  it("the four-turn refund asks one thing at a time, offers once and closes on thanks", async () => {
    const result = await run("refund-reads-like-an-agent");
    expect(result.turns.map((t) => t.facts.response)).toEqual([
      "I found these orders: sample1 ($24.00, delivered), sample2 ($42.50, delivered), sample3 ($118.00, shipped) and 123 ($75.00, delivered). Which one do you mean?",
      "I found order 123: $75.00, delivered. Is that the order you mean?",
      "Could you tell me the reason for the refund?",
      "I can refund $50 to your original payment method right away; a specialist will review the rest of order 123 within 2 business days.",
      "You're welcome! Is there anything else I can help with?",
    ]);
  });
});
