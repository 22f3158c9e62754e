import { performance } from "node:perf_hooks";
import { GET as health } from "@/app/api/health/route";
import { openDatabase } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import type { AgentRow, Database } from "@/db/types";
import { composeFocal } from "@/lib/boot/compose";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { startTestRunFromRequest } from "@/lib/conversation-tests/server/start-test-run-from-request";
import { cancelTestRun, getTestRunView } from "@/lib/conversation-tests/server/test-runs";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { longTestCases } from "@/lib/engine/conversation-tests/long-test-cases";
import { setDatabaseHandle } from "@/lib/server/db";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { percentile } from "../report";

// Live turns while the largest test run works: sandbox turns (the full turn host: run, persist,
// read back) and /api/health (its handler, in process) timed idle, then while a test run of 100
// cases × 200 turns, k 10, tries 10, offline works in the same process on embedded PGlite, then how
// long its cancel takes. Run by bench/background-bench.ts as a child (lib/server is server-only).

const TURNS = Number(process.env.BENCH_BACKGROUND_TURNS ?? 60);
const HEALTH_EVERY_MS = 100;
const MESSAGES = demo.tests.flatMap((t) => t.turns.map((turn) => turn.message));
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Turn latencies of `TURNS` sandbox turns (sessions of 5), and the slowest health answer meanwhile. */
async function timeLiveTraffic(db: Database, agent: AgentRow): Promise<{ turns: number[]; healthMax: number }> {
  let probing = true;
  let healthMax = 0;
  // A probe "arrives" every 100 ms whether or not the event loop is free, as a load balancer's
  // would: its time counts from then, so a blocked loop shows as the wait it causes.
  const prober = (async () => {
    let arrives = performance.now();
    while (probing) {
      arrives += HEALTH_EVERY_MS;
      await sleep(Math.max(0, arrives - performance.now()));
      const answer = await health(new Request("http://bench/api/health"));
      if (answer.status !== 200) throw new Error(`health answered ${answer.status}`);
      healthMax = Math.max(healthMax, performance.now() - arrives);
      arrives = Math.max(arrives, performance.now() - HEALTH_EVERY_MS);
    }
  })();
  const turns: number[] = [];
  let sessionId = "";
  for (let i = 0; i < TURNS; i++) {
    if (i % 5 === 0) sessionId = (await createSession(db, { agent, channel: "sandbox", createdBy: "bench" })).id;
    // The next message arrives 20 ms after the last reply; a blocked loop delays its start and counts.
    const arrives = performance.now() + 20;
    await sleep(20);
    await hostTurn(db, {
      sessionId,
      message: MESSAGES[i % MESSAGES.length] ?? "hello",
      actor: SYSTEM_ACTOR,
      requestId: "bench",
    });
    turns.push(performance.now() - arrives);
  }
  probing = false;
  await prober;
  return { turns, healthMax };
}

async function main() {
  composeFocal();
  const handle = await openDatabase({ dataDir: "memory://" });
  setDatabaseHandle(handle);
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "bench");
  const agent = await getAgentByKey(handle.db, "refund-desk");
  if (!agent) throw new Error("demo missing");
  await timeLiveTraffic(handle.db, agent); // warms the JIT and the compiled-agent cache
  const idle = await timeLiveTraffic(handle.db, agent);

  const config = { ...demo, tests: longTestCases(demo.tests, 100, 200) };
  const run = await startTestRunFromRequest(
    handle.db,
    agent,
    { k: 10, tries: 10, mode: "offline", config },
    { actor: { kind: "api_key", name: "bench", id: null }, requestId: "bench" },
  );
  // Timing starts once the worker computes cases (it reported the suite's size): before that it is
  // loading the engine, which unbundled through tsx here takes seconds a built server does not.
  for (;;) {
    const view = await getTestRunView(handle.db, run.test_run_id);
    if (view?.status !== "queued" && (view?.status !== "running" || view.progress.total > 0)) break;
    await sleep(20);
  }
  const busy = await timeLiveTraffic(handle.db, agent);
  const during = await getTestRunView(handle.db, run.test_run_id);
  const cancelAsked = performance.now();
  await cancelTestRun(handle.db, run.test_run_id);
  let status = during?.status;
  while (status === "running") {
    await sleep(10);
    status = (await getTestRunView(handle.db, run.test_run_id))?.status;
  }
  const cancelMs = performance.now() - cancelAsked;

  const idleP95 = percentile(idle.turns, 95);
  const busyP95 = percentile(busy.turns, 95);
  console.log(
    `# background load: ${TURNS} sandbox turns idle and during a test run of 100 cases × 200 turns (k 10, tries 10, offline; ${during?.status}, case ${during?.progress?.done ?? "?"} of ${during?.progress?.total ?? "?"} when timing ended); health every ${HEALTH_EVERY_MS} ms; PGlite in memory`,
  );
  figure("turn_p95_ms_idle", idleP95.toFixed(0));
  figure("turn_p95_ms_during_max_test_run", busyP95.toFixed(0));
  figure("turn_p95_ratio_during_max_test_run", (busyP95 / idleP95).toFixed(2));
  figure("health_ms_max_idle", idle.healthMax.toFixed(0));
  figure("health_ms_max_during_max_test_run", busy.healthMax.toFixed(0));
  figure("max_test_run_cancel_ms", `${cancelMs.toFixed(0)} (${status})`);
  await handle.close();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
