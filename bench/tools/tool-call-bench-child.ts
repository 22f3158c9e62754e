import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { openDatabase } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { composeFocal } from "@/lib/boot/compose";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { createCredential } from "@/lib/credentials/server/credential-bindings";
import { toolsWithCredentials } from "@/lib/credentials/server/credential-tools";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import type { ToolRunner } from "@/lib/engine/ports";
import { createToolRunner } from "@/lib/providers/tools";
import { setDatabaseHandle } from "@/lib/server/db";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { percentile } from "../report";

// Run by bench/tool-call-bench.ts with `--conditions=react-server`. Prints `# note` and `name=value`.
//
// Focal's own cost around one http tool call: the same GET to an order API on 127.0.0.1 that answers
// at once, made by Node's fetch alone and by the turn's tool runner (allow-list, address policy,
// templates, size cap, JSON parse; with a credential also its lookup, unsealing and masking, once per
// turn as a turn does it). Calls alternate between the two so that load on the machine falls on both;
// the figure is the runner's percentile minus plain fetch's. The OAuth case runs with the token cached
// (fetched once before the timed rounds), as every turn after the first within the token's lifetime.

const ROUNDS = Number(process.env.BENCH_TOOL_CALLS ?? 400);
const WARM_UP = 50;
const TOKEN = "bench-bearer-token-5c1f";
const CLIENT = { id: "bench-client", secret: "bench-client-secret-9a2e" };

const note = (text: string) => console.log(`# tool calls: ${text}`);
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);

function orderApi(): Promise<{ server: http.Server; base: string; tokenFetches: () => number }> {
  let fetches = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.url === "/token") {
      fetches += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ access_token: `oauth-${fetches}`, token_type: "Bearer", expires_in: 3600 }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"order_id":"123","status":"shipped","amount":75}');
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, base: `http://127.0.0.1:${port}`, tokenFetches: () => fetches });
    }),
  );
}

function httpTool(base: string, credential?: string): EngineTool {
  return {
    id: `bench-${credential ?? "open"}`,
    key: "lookup_order",
    name: "Look up order",
    description: "",
    kind: "http",
    inputSchema: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
    output: { url: `${base}/orders/{order_id}`, method: "GET", ...(credential ? { credential } : {}) },
  };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Interleaved: plain fetch, then the runner, ROUNDS times after WARM_UP untimed pairs. */
async function overhead(base: string, run: (turn: number) => Promise<void>): Promise<{ p50: number; p95: number }> {
  const plain: number[] = [];
  const runner: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    const a = await timed(async () => (await fetch(`${base}/orders/123`)).json());
    const b = await timed(() => run(i));
    if (i < WARM_UP) continue;
    plain.push(a);
    runner.push(b);
  }
  return {
    p50: percentile(runner, 50) - percentile(plain, 50),
    p95: percentile(runner, 95) - percentile(plain, 95),
  };
}

async function main() {
  // The OAuth token endpoint is held to the tool host allow-list as the tools are.
  process.env.FOCAL_TOOL_HOSTS = "127.0.0.1";
  composeFocal();
  const handle = await openDatabase({ dataDir: "memory://" });
  setDatabaseHandle(handle);
  const db = handle.db;
  await importBundle(db, demo, SYSTEM_ACTOR, "bench");
  const agent = await getAgentByKey(db, "refund-desk");
  if (!agent) throw new Error("demo agent missing");
  const api = await orderApi();
  const context = { actor: SYSTEM_ACTOR, requestId: "bench" };
  await createCredential(db, agent, { name: "orders_bearer", kind: "bearer", token: TOKEN }, context);
  await createCredential(
    db,
    agent,
    {
      name: "orders_oauth",
      kind: "oauth2_client_credentials",
      token_url: `${api.base}/token`,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    },
    context,
  );
  const runner = createToolRunner({ allowedHosts: ["127.0.0.1"] });
  const input = { order_id: "123" };
  const perTurn = (turn: number): ToolRunner =>
    toolsWithCredentials(runner, db, {
      agentId: agent.id,
      environment: null,
      sessionId: "bench-session",
      turnIndex: turn,
    });
  const expectOk = async (result: ReturnType<ToolRunner["run"]>) => {
    const answered = await result;
    if (!answered.ok) throw new Error(`tool call failed: ${answered.message}`);
  };
  const cases: [string, EngineTool][] = [
    ["", httpTool(api.base)],
    ["_bearer", httpTool(api.base, "orders_bearer")],
    ["_oauth2_cached", httpTool(api.base, "orders_oauth")],
  ];
  for (const [suffix, tool] of cases) {
    const { p50, p95 } = await overhead(api.base, (turn) => expectOk(perTurn(turn).run(tool, input)));
    figure(`tool_call_overhead_ms_p50${suffix}`, p50.toFixed(3));
    figure(`tool_call_overhead_ms_p95${suffix}`, p95.toFixed(3));
  }
  note(
    `${ROUNDS} calls per case after ${WARM_UP} warm-up, interleaved with plain fetch; OAuth token fetched ${api.tokenFetches()} time(s); goal p50 <= 2 ms`,
  );
  api.server.close();
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
