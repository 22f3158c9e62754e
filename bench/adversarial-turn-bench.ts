import { once } from "node:events";
import { createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { emptySessionState } from "@/lib/engine/contracts/session-state";
import { runTurn } from "@/lib/engine/pipeline/run-turn";
import type { EnginePorts } from "@/lib/engine/ports";
import { sequentialIds, staticToolRunner } from "@/lib/engine/testing/fixed-ports";
import { createScriptedProvider, generated } from "@/lib/engine/testing/scripted-provider";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { percentile, type Report } from "./report";

// A designer's patterns that backtrack catastrophically on JavaScript's RegExp, and a customer's
// 4,000-character message (the REST limit) echoed into the reply: on RegExp the turn never ends and
// every request waits. The figure is how long a health request to an HTTP server in this process
// takes while such a turn runs (goal ≤ 100 ms). In-process like the other engine figures: the
// server's handler answers `{status:"ok"}` as /api/health does, without the database round trip.
const CATASTROPHIC = ["(a+)+$", "(a|aa)+$", "(.*a){12}"];
const MESSAGE = `${"a".repeat(3999)}!`;
const ROUNDS = 20;
const WARM_UP_TURNS = 3;

function healthRequest(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/api/health" }, (res) => {
      res.resume();
      res.on("end", () => resolve(performance.now() - started));
    }).on("error", reject);
  });
}

export async function benchAdversarialTurn(report: Report): Promise<void> {
  const bundle = structuredClone(demo);
  bundle.variables.push({ name: "run_of_a", type: "boolean", description: "adversarial", patterns: CATASTROPHIC });
  const ports: EnginePorts = {
    model: createScriptedProvider({ generate: () => generated(`You wrote: ${MESSAGE}`) }, createOfflineProvider()),
    embedder: createOfflineEmbedder(),
    tools: staticToolRunner(),
    clock: { now: () => new Date(), monotonicMs: () => performance.now() },
    ids: sequentialIds(),
  };
  const agent = await compileAgent(snapshotFromBundle(bundle), ports.embedder);
  const turn = (i: number) => runTurn(agent, emptySessionState(), { message: MESSAGE, turnId: `adv-${i}` }, ports);
  for (let i = 0; i < WARM_UP_TURNS; i++) await turn(i);

  const server = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ status: "ok" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await healthRequest(port);

  const health: number[] = [];
  const turns: number[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      // The request is in flight before the turn starts, so it waits on whatever the turn holds.
      const request = healthRequest(port);
      const started = performance.now();
      const outcome = await turn(WARM_UP_TURNS + i);
      turns.push(performance.now() - started);
      health.push(await request);
      const extraction = outcome.spans.find((s) => s.name === "extraction");
      if ((extraction?.attributes.values as Record<string, unknown> | undefined)?.run_of_a?.toString() !== "true") {
        throw new Error("the adversarial pattern did not match: the bench measures nothing");
      }
    }
  } finally {
    server.close();
  }
  report.figure("health_ms_during_adversarial_turn", percentile(health, 50).toFixed(1));
  report.figure("health_ms_during_adversarial_turn_max", Math.max(...health).toFixed(1));
  report.figure("adversarial_turn_ms_p50", percentile(turns, 50).toFixed(1));
  report.note(
    `adversarial turn: ${MESSAGE.length}-character message echoed into the reply, patterns ${CATASTROPHIC.join(" ")}`,
  );
}
