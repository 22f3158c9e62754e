import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createScriptedProvider, generated, sensed } from "@/lib/engine/testing/scripted-provider";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { agentRow } from "@/test/support/config-save-checks";
import { startTestApp } from "@/test/support/focal-test-app";
import { createSession } from "./create-session";
import { hostTurn } from "./host-turn";

// A designer's pattern that backtracks catastrophically on JavaScript's RegExp — (a+)+$ took 6 s at
// 25 characters, doubling per character — and a customer whose 4,000-character message (the REST
// limit) ends up in the reply. On re2js the turn's extraction is linear, and the event loop that
// answers every other request keeps turning.
const CATASTROPHIC = ["(a+)+$", "(a|aa)+$", "(.*a){12}"];
const MESSAGE = `${"a".repeat(3999)}!`;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await startTestApp();
  const bundle = structuredClone(demo);
  bundle.variables.push({ name: "run_of_a", type: "boolean", description: "adversarial", patterns: CATASTROPHIC });
  await importBundle(handle.db, bundle, SYSTEM_ACTOR, "setup");
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await handle?.close();
});

describe("a turn against formerly catastrophic patterns", () => {
  it("extracts over a 4,000-character reply while other work is answered promptly", async () => {
    const agent = await agentRow(handle);
    const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
    overrideHostPorts({
      model: createScriptedProvider({
        sense: () => sensed({ intent_confidence: 0.2 }),
        generate: () => generated(`You wrote: ${MESSAGE}`),
      }),
    });

    // A first, ordinary turn compiles the agent and warms the code, as on a running server.
    await hostTurn(handle.db, { sessionId: session.id, message: "hello", actor: SYSTEM_ACTOR, requestId: "warm-up" });

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // "Another request": a timer the loop must serve while the turn runs.
    const pings: number[] = [];
    let last = performance.now();
    const ping = setInterval(() => {
      const now = performance.now();
      pings.push(now - last);
      last = now;
    }, 20);
    const started = performance.now();
    const { turn } = await hostTurn(handle.db, {
      sessionId: session.id,
      message: MESSAGE,
      actor: SYSTEM_ACTOR,
      requestId: "adversarial",
    });
    const elapsed = performance.now() - started;
    // One more interval, so a ping held up until the turn's end is counted too.
    await new Promise((resolve) => setTimeout(resolve, 30));
    clearInterval(ping);
    delay.disable();

    const extraction = turn.spans.find((s) => s.name === "extraction");
    expect(extraction?.attributes.values).toMatchObject({ run_of_a: [true] });
    // Extraction is synchronous: its span is the time the patterns held the loop.
    expect(extraction?.durationMs).toBeLessThan(1000);
    // On RegExp this turn would not end. Here: ~60 ms on PostgreSQL, ~400 ms on PGlite (2 shared cores).
    expect(elapsed).toBeLessThan(5000);
    // The longest the loop went unserved. On PostgreSQL ~30 ms. PGlite runs its queries on this thread,
    // so there the lag is the whole turn's (~450 ms): the bound leaves room for that on a loaded machine.
    expect(delay.max / 1e6).toBeLessThan(1500);
    expect(Math.max(0, ...pings)).toBeLessThan(1500);
  });
});
