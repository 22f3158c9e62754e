import { beforeAll, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { firstTurn } from "../testing/first-turn";
import { testPorts } from "../testing/fixed-ports";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { recordingPorts } from "./recording-ports";

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;

beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
});

it("a recorded turn is sensed on the same vectors as an unrecorded one (the embedder's sparse vectors too)", async () => {
  const message = { message: "the kettle I ordered is broken, can I get my money back?", turnId: "t1" };
  const plain = await firstTurn(agent, message, testPorts(createOfflineProvider(), embedder));
  const recorder = recordingPorts(testPorts(createOfflineProvider(), embedder), {});
  const recorded = await firstTurn(agent, message, recorder.ports);
  const sensor = (out: typeof plain) => out.spans.find((s) => s.name === "sensor")?.attributes;
  expect(sensor(recorded)?.local_top).toEqual(sensor(plain)?.local_top);
  expect(sensor(recorded)?.local_confidence).toBe(sensor(plain)?.local_confidence);
});
