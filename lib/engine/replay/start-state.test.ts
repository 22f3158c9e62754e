import { beforeAll, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { staticToolRunner, testPorts } from "../testing/fixed-ports";
import { recordSession } from "../testing/record-session";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { replaySession } from "./replay-session";

// Each tape carries a short hash per field of the state its turn started from; a replay names every
// field it rebuilt differently (start-state.ts).

const embedder = createOfflineEmbedder();
const offline = createOfflineProvider();
const frozen = { mode: "frozen" as const, model: offline, embedder, tools: staticToolRunner() };
const MESSAGES = ["I want my money back", "It's order 123", "it arrived broken"];
let agent: CompiledAgent;

beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
});

it("under the configuration a session ran on, every turn starts from the state it ran with", async () => {
  const recorded = await recordSession(agent, "s", MESSAGES, testPorts(offline, embedder));
  const replayed = await replaySession(agent, recorded, frozen);
  expect(replayed.turns.map((t) => [t.status, t.startDrift, t.note])).toEqual(
    MESSAGES.map(() => ["same", undefined, null]),
  );
});

it("names the field a turn started from differently than when it ran, on that turn", async () => {
  const recorded = await recordSession(agent, "s", MESSAGES, testPorts(offline, embedder));
  const tape = recorded.turns[1]?.tape;
  if (!tape?.start) throw new Error("the recorder keeps a fingerprint");
  // As if the host had loaded variables the turns before never left.
  tape.start = { ...tape.start, variables: "AAAAAAAA" };
  const replayed = await replaySession(agent, recorded, frozen);
  expect(replayed.turns.map((t) => t.startDrift)).toEqual([undefined, ["variables"], undefined]);
  expect(replayed.turns[1]?.note).toBe("started from another state than when it ran: variables");
});

it("a tape from before fingerprints checks nothing", async () => {
  const recorded = await recordSession(agent, "s", MESSAGES, testPorts(offline, embedder));
  for (const turn of recorded.turns) delete turn.tape?.start;
  const replayed = await replaySession(agent, recorded, frozen);
  expect(replayed.turns.every((t) => t.startDrift === undefined && t.status === "same")).toBe(true);
});
